#pragma once
// Runs the drivemock binary as a child process with pipes on its standard
// output and error, for tests of the command line as users type it.

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <vector>

namespace drivemock::testing {

class Process {
 public:
  /// Starts `args[0]` with `args`, in directory `cwd` when given.
  explicit Process(std::vector<std::string> args, const std::string& cwd = "") {
    int out[2], err[2];
    if (pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(out[1], 1);
      dup2(err[1], 2);
      if (!cwd.empty() && chdir(cwd.c_str()) != 0) _exit(126);
      std::vector<char*> argv;
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(out[1]);
    close(err[1]);
    out_fd_ = out[0];
    err_fd_ = err[0];
  }
  ~Process() {
    if (pid_ > 0 && !exited_) {
      kill(pid_, SIGKILL);
      wait_exit();
    }
    if (out_fd_ >= 0) close(out_fd_);
    if (err_fd_ >= 0) close(err_fd_);
  }

  /// Reads standard output until a full line arrives (bounded by 10 s).
  std::string read_line() {
    std::string line;
    char c;
    pollfd p{out_fd_, POLLIN, 0};
    while (poll(&p, 1, 10000) > 0 && read(out_fd_, &c, 1) == 1 && c != '\n') line += c;
    return line;
  }

  /// Reads standard error until it contains `text` (true) or `bound`
  /// passes (false). What was read stays in err().
  bool wait_for_err(const std::string& text,
                    std::chrono::milliseconds bound = std::chrono::seconds(10)) {
    auto deadline = std::chrono::steady_clock::now() + bound;
    char buffer[4096];
    while (err_.find(text) == std::string::npos) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      pollfd p{err_fd_, POLLIN, 0};
      if (left.count() <= 0 || poll(&p, 1, static_cast<int>(left.count())) <= 0) return false;
      ssize_t n = read(err_fd_, buffer, sizeof buffer);
      if (n <= 0) return false;
      err_.append(buffer, static_cast<size_t>(n));
    }
    return true;
  }

  void signal(int sig) { kill(pid_, sig); }
  pid_t pid() const { return pid_; }

  /// Waits for the exit and returns the exit code (128+N for signal N).
  int wait_exit() {
    int status = 0;
    waitpid(pid_, &status, 0);
    exited_ = true;
    out_ += drain(out_fd_);
    err_ += drain(err_fd_);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

  const std::string& out() const { return out_; }
  const std::string& err() const { return err_; }

 private:
  static std::string drain(int fd) {
    std::string text;
    char buffer[4096];
    ssize_t n;
    while ((n = read(fd, buffer, sizeof buffer)) > 0) text.append(buffer, static_cast<size_t>(n));
    return text;
  }

  pid_t pid_ = -1;
  int out_fd_ = -1;
  int err_fd_ = -1;
  bool exited_ = false;
  std::string out_, err_;
};

}  // namespace drivemock::testing
