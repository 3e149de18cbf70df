// The soak: 1,000,000 requests on 1,000,000 uuids against the binary at
// --journal-limit 10000, with its resident memory read at 100,000 and at the end: it must stay
// flat. Release builds only (tests/CMakeLists.txt): under the sanitizers it would take minutes, and
// their allocators' own growth is not drivemock's.
#include <httplib.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "cli/process.h"
#include "paths.h"

using drivemock::testing::Process;

namespace {

/// Resident memory of a process, in KiB, from /proc.
long rss_kib(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string key;
  long value = 0;
  while (status >> key) {
    if (key == "VmRSS:") {
      status >> value;
      return value;
    }
    status.ignore(1 << 16, '\n');
  }
  return 0;
}

/// Sends `total` color calls over `connections` kept-alive connections, each
/// on a uuid of its own from `first` on (no scenario names them, so the
/// engine's per-uuid state must stay bounded too); returns how many were not
/// answered 200.
long send_requests(int port, long first, long total, int connections) {
  std::atomic<long> failed{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < connections; ++t) {
    threads.emplace_back([&, t] {
      httplib::Client client("127.0.0.1", port);
      client.set_keep_alive(true);
      client.set_tcp_nodelay(true);
      for (long i = first + t; i < first + total; i += connections) {
        std::string body = R"({"uuid":"soak-)" + std::to_string(i) + R"(","color":"red"})";
        auto res = client.Post("/v3/dir/color", body, "application/json");
        if (!res || res->status != 200) ++failed;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  return failed;
}

}  // namespace

TEST_CASE("a million requests at --journal-limit 10000 keep memory flat and lose none") {
  Process p({drivemock::testing::binary(), "--port", "0", "--journal-limit", "10000", "--quiet"});
  std::string line = p.read_line();
  int port = std::stoi(line.substr(line.rfind(':') + 1));
  constexpr int kConnections = 4;
  REQUIRE(send_requests(port, 0, 100'000, kConnections) == 0);
  long after_100k = rss_kib(p.pid());
  REQUIRE(send_requests(port, 100'000, 900'000, kConnections) == 0);
  long after_1m = rss_kib(p.pid());
  httplib::Client admin("127.0.0.1", port);
  auto meta = admin.Get("/__admin/requests?limit=0");
  REQUIRE(meta);
  INFO(meta->body);
  CHECK(meta->body.find(R"("total":10000,"dropped":990000)") != std::string::npos);
  INFO("RSS KiB after 100,000: " << after_100k << ", after 1,000,000: " << after_1m);
  CHECK(after_1m <= after_100k * 105 / 100);
  p.signal(SIGTERM);
  CHECK(p.wait_exit() == 0);
}
