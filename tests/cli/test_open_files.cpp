// Descriptors: drivemock raises the soft open-files limit to the hard one at
// start, so that idle TLS connections (a browser's, a stuck client's)
// cannot take every descriptor and time out the plain port's calls. Started
// here under a soft limit of 1024, as many shells set it.
#include <httplib.h>
#include <sys/resource.h>

#include <catch2/catch.hpp>
#include <csignal>
#include <fstream>
#include <sstream>

#include "cli/binary.h"
#include "cli/process.h"
#include "e2e/server_fixture.h"
#include "temp_dir.h"

using namespace drivemock::testing;

namespace {

/// Starts `args` with the soft open-files limit at `soft` (the hard one
/// unchanged); this process's limit is as before once it has started.
std::unique_ptr<Process> start_with_soft_limit(std::vector<std::string> args, rlim_t soft) {
  rlimit saved{};
  REQUIRE(::getrlimit(RLIMIT_NOFILE, &saved) == 0);
  rlimit lowered = saved;
  lowered.rlim_cur = std::min(soft, saved.rlim_max);
  REQUIRE(::setrlimit(RLIMIT_NOFILE, &lowered) == 0);
  auto process = std::make_unique<Process>(std::move(args));
  REQUIRE(::setrlimit(RLIMIT_NOFILE, &saved) == 0);
  return process;
}

/// "Max open files" soft and hard, as /proc says them for `pid`.
std::pair<std::string, std::string> open_files_of(pid_t pid) {
  std::ifstream limits("/proc/" + std::to_string(pid) + "/limits");
  for (std::string line; std::getline(limits, line);) {
    if (!line.starts_with("Max open files")) continue;
    std::istringstream words(line.substr(14));
    std::string soft, hard;
    words >> soft >> hard;
    return {soft, hard};
  }
  return {};
}

}  // namespace

TEST_CASE("drivemock raises its soft open-files limit to the hard one at start") {
  rlimit own{};
  REQUIRE(::getrlimit(RLIMIT_NOFILE, &own) == 0);
  if (own.rlim_max <= 1024) {
    WARN("the hard open-files limit is 1024 here: nothing to raise to");
    return;
  }
  auto p = start_with_soft_limit({kBinary, "--port", "0", "--quiet"}, 1024);
  port_of(p->read_line());
  auto [soft, hard] = open_files_of(p->pid());
  CHECK(soft == hard);
  CHECK(soft != "1024");
  p->signal(SIGTERM);
  CHECK(p->wait_exit() == 0);
}

TEST_CASE("a thousand idle TLS connections do not starve the plain port") {
  rlimit own{};
  REQUIRE(::getrlimit(RLIMIT_NOFILE, &own) == 0);
  if (own.rlim_max < 4096) {
    WARN("the hard open-files limit is under 4096 here: this test needs room for its clients");
    return;
  }
  TempDir dir;
  auto p = start_with_soft_limit(
      {kBinary, "--port", "0", "--tls-port", "0", "--tls-dir", dir.file("tls"), "--quiet"}, 1024);
  int plain = port_of(p->read_line());
  std::string tls_line = p->read_line();  // drivemock listening on https://127.0.0.1:PORT
  int tls = std::stoi(tls_line.substr(tls_line.rfind(':') + 1));
  // Idle: connected, never a TLS hello, as a stuck client leaves them.
  std::vector<std::unique_ptr<RawConnection>> idle;
  for (int i = 0; i < 1100; ++i) idle.push_back(std::make_unique<RawConnection>(tls));
  httplib::Client client("127.0.0.1", plain);
  client.set_connection_timeout(5);
  client.set_read_timeout(5);
  for (int i = 0; i < 6; ++i) {
    INFO("call " << i);
    auto res = client.Post("/v3/dir/trash", R"({"uuid":"d1"})", "application/json");
    REQUIRE(res);
    CHECK(res->status == 200);
  }
  idle.clear();
  p->signal(SIGTERM);
  int exit_code = p->wait_exit();
  INFO(p->err());
  CHECK(exit_code == 0);
}
