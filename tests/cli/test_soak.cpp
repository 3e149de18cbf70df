// The soak: 1,000,000 requests on 1,000,000 uuids against the binary at
// --journal-limit 10000, with its resident memory read at 100,000 and at the end: it must stay
// flat. Release builds only (tests/CMakeLists.txt): under the sanitizers it would take minutes, and
// their allocators' own growth is not drivemock's.
#include <httplib.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "cli/process.h"
#include "loopback.h"
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

/// A kept-alive connection that pipelines: it writes a window of requests at
/// once, then reads their answers. httplib's client makes four or five system
/// calls a request, which cost the soak more than the server's work did
/// (2026-11-27: 18 of 39 CPU seconds); here a window costs two or three.
class PipelinedConnection {
 public:
  // An answer that never comes fails the exchange (connect_loopback's
  // bound), not the whole run.
  explicit PipelinedConnection(int port) : fd_(drivemock::testing::connect_loopback(port)) {}
  ~PipelinedConnection() {
    if (fd_ >= 0) close(fd_);
  }
  PipelinedConnection(const PipelinedConnection&) = delete;
  PipelinedConnection& operator=(const PipelinedConnection&) = delete;

  /// Sends the requests and reads as many answers; returns how many of them
  /// were not 200 (all of them when the connection fails).
  long exchange(const std::string& requests, long count) {
    if (fd_ < 0 || !send_all(requests)) return count;
    long failed = 0;
    for (long answered = 0; answered < count; ++answered) {
      int status = next_status();
      if (status < 0) return failed + (count - answered);
      if (status != 200) ++failed;
    }
    return failed;
  }

 private:
  bool send_all(const std::string& data) {
    for (size_t sent = 0; sent < data.size();) {
      ssize_t n = send(fd_, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) return false;
      sent += static_cast<size_t>(n);
    }
    return true;
  }

  /// The status of the next whole answer, consumed from the buffer; -1 when
  /// the connection ends first or the answer has no Content-Length.
  int next_status() {
    for (;;) {
      auto head_end = buffer_.find("\r\n\r\n");
      if (head_end != std::string::npos) {
        auto length_at = buffer_.find("Content-Length: ");
        if (length_at == std::string::npos || length_at > head_end) return -1;
        size_t length = std::stoul(buffer_.substr(length_at + 16, 12));
        size_t whole = head_end + 4 + length;
        if (buffer_.size() >= whole) {
          int status = std::stoi(buffer_.substr(9, 3));
          buffer_.erase(0, whole);
          return status;
        }
      }
      char chunk[65536];
      ssize_t n = recv(fd_, chunk, sizeof chunk, 0);
      if (n <= 0) return -1;
      buffer_.append(chunk, static_cast<size_t>(n));
    }
  }

  int fd_ = -1;
  std::string buffer_;
};

/// Sends `total` color calls over `connections` kept-alive connections, each
/// on a uuid of its own from `first` on (no scenario names them, so the
/// engine's per-uuid state must stay bounded too), 32 in flight on each, a
/// new connection every 50,000 calls (drivemock closes one after 100,000);
/// returns how many were not answered 200.
long send_requests(int port, long first, long total, int connections) {
  constexpr long kWindow = 32;
  constexpr long kPerConnection = 50'000;
  std::atomic<long> failed{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < connections; ++t) {
    threads.emplace_back([&, t] {
      auto connection = std::make_unique<PipelinedConnection>(port);
      long on_connection = 0;
      std::string requests;
      long in_window = 0;
      for (long i = first + t; i < first + total; i += connections) {
        if (in_window == 0 && on_connection >= kPerConnection) {
          connection = std::make_unique<PipelinedConnection>(port);
          on_connection = 0;
        }
        ++on_connection;
        std::string body = R"({"uuid":"soak-)" + std::to_string(i) + R"(","color":"red"})";
        requests +=
            "POST /v3/dir/color HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Content-Type: application/json\r\nContent-Length: " +
            std::to_string(body.size()) + "\r\n\r\n" + body;
        if (++in_window == kWindow || i + connections >= first + total) {
          failed += connection->exchange(requests, in_window);
          requests.clear();
          in_window = 0;
        }
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
