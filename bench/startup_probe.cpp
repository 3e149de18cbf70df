// Start-up time as a user feels it: from exec to the first 200 answer of a
// POST. Starts the command (which must print "... listening on http://H:P",
// unless PROBE_PORT names the port it will listen on, as for the peers in
// bench/compare-peers), posts until it gets a 200, kills the server.
// Usage: [PROBE_PORT=P] bench_startup RUNS COMMAND [ARGS...]; prints the best
// run in ms.
#include <fcntl.h>
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double one_run(std::vector<char*>& argv, int fixed_port) {
  int out[2];
  if (pipe(out) != 0) return -1;
  auto start = Clock::now();
  pid_t pid = fork();
  if (pid == 0) {
    // Servers that log a lot must not block on a full pipe nobody reads.
    int null_fd = open("/dev/null", O_WRONLY);
    dup2(fixed_port ? null_fd : out[1], 1);
    dup2(null_fd, 2);
    close(out[0]);
    execvp(argv[0], argv.data());
    _exit(127);
  }
  close(out[1]);
  int port = fixed_port;
  if (!port) {
    std::string line;
    char c;
    while (read(out[0], &c, 1) == 1 && c != '\n') line += c;
    port = std::stoi(line.substr(line.rfind(':') + 1));
  }
  httplib::Client client("127.0.0.1", port);
  double ms = -1;
  // Up to a minute (a JVM or Node.js peer takes seconds). Tries 0.1 ms apart
  // at first, then 0.5% of the time so far apart: a try every 0.1 ms through
  // a start of seconds (a server that reads its scenarios before it accepts)
  // competed for two cores with the start it timed (3-17% later).
  for (auto give_up = start + std::chrono::minutes(1); Clock::now() < give_up;) {
    auto res = client.Post("/v3/dir/trash", R"({"uuid":"startup"})", "application/json");
    auto elapsed = Clock::now() - start;
    if (res && res->status == 200) {
      ms = std::chrono::duration<double, std::milli>(elapsed).count();
      break;
    }
    auto pause = std::chrono::duration_cast<std::chrono::microseconds>(elapsed / 200);
    usleep(static_cast<useconds_t>(std::max<long>(100, pause.count())));
  }
  kill(pid, SIGKILL);
  waitpid(pid, nullptr, 0);
  close(out[0]);
  return ms;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: bench_startup RUNS COMMAND [ARGS...]\n");
    return 2;
  }
  int runs = std::stoi(argv[1]);
  std::vector<char*> command(argv + 2, argv + argc);
  command.push_back(nullptr);
  double best = 1e18;
  const char* fixed = std::getenv("PROBE_PORT");
  int fixed_port = fixed ? std::atoi(fixed) : 0;
  for (int i = 0; i < runs; ++i) best = std::min(best, one_run(command, fixed_port));
  std::printf("%.2f\n", best);
  return best > 0 ? 0 : 1;
}
