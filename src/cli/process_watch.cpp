#include "cli/process_watch.h"

#include <poll.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <fstream>
#include <string>
#include <thread>

namespace drivemock::cli {
namespace {

/// A process that has ended but is not reaped yet (a zombie) has ended too.
bool has_ended(pid_t pid) {
  if (::kill(pid, 0) != 0 && errno == ESRCH) return true;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return true;
  auto close = line.rfind(')');
  return close != std::string::npos && close + 2 < line.size() && line[close + 2] == 'Z';
}

void stop_self() {
  ::kill(::getpid(), SIGTERM);
}

}  // namespace

Watched exit_with_process(pid_t pid) {
  if (has_ended(pid)) return Watched::gone;
#ifdef SYS_pidfd_open
  // A pidfd names this very process: a pid reused after it ends is not it.
  int fd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
  if (fd >= 0) {
    std::thread([fd] {
      pollfd p{fd, POLLIN, 0};
      while (::poll(&p, 1, -1) < 0 && errno == EINTR) {
      }
      ::close(fd);
      stop_self();
    }).detach();
    return Watched::running;
  }
  if (errno == ESRCH) return Watched::gone;
#endif
  std::thread([pid] {
    while (!has_ended(pid)) std::this_thread::sleep_for(std::chrono::milliseconds(200));
    stop_self();
  }).detach();
  return Watched::running;
}

}  // namespace drivemock::cli
