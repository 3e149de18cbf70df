// The connection loop's guards on one end of a socketpair: the test holds
// the client's end, the Connection the server's, no HTTP library in between.
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <thread>

#include "http/connection.h"

using namespace drivemock;

namespace {

struct Pair {
  Pair() {
    REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) == 0);
    REQUIRE(stop_fd >= 0);
  }
  ~Pair() {
    ::close(fds[0]);
    ::close(stop_fd);
  }
  void send(const std::string& bytes) const {
    REQUIRE(::send(fds[0], bytes.data(), bytes.size(), MSG_NOSIGNAL) ==
            static_cast<ssize_t>(bytes.size()));
  }
  /// What the client end has received, until the server end closes.
  /// The server's end as a Connection with `limits`; it owns fds[1] from now on.
  Connection connect(const ConnectionLimits& limits) {
    return Connection(fds[1], {stop_fd, &listener, system_clock(), envelope}, limits);
  }
  std::string received() const {
    std::string out;
    char buffer[4096];
    for (ssize_t n; (n = ::recv(fds[0], buffer, sizeof buffer, 0)) > 0;) out.append(buffer, n);
    return out;
  }
  int fds[2] = {-1, -1};  ///< [0] the client's end; [1] the server's, closed by the Connection
  int stop_fd = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  Envelope envelope;
  std::optional<RefusedRequest> refused;
  bool answered_before_told = false;  ///< the refusal reached the client before the listener
  RefusalListener listener = [this](const RefusedRequest& r) {
    refused = r;
    char byte;
    answered_before_told = ::recv(fds[0], &byte, 1, MSG_PEEK | MSG_DONTWAIT) > 0;
  };
};

/// Reads the current request until the connection gives up on it.
void read_until_refused(Connection& connection) {
  char buffer[256];
  while (connection.read(buffer, sizeof buffer) > 0) {
  }
}

}  // namespace

TEST_CASE("a request that does not arrive in time is refused with 408, journaled first") {
  Pair pair;
  {
    ConnectionLimits limits;
    limits.request_timeout = std::chrono::milliseconds(50);
    Connection connection = pair.connect(limits);
    pair.send("POST /v3/dir/trash HTTP/1.1\r\nContent-Ty");
    REQUIRE(connection.next_request());
    read_until_refused(connection);
    REQUIRE(pair.refused);
    CHECK(pair.refused->refusal.reply.status == 408);
    CHECK(pair.refused->refusal.violation.rule == "request_timeout");
    // The request line's own bytes give method and url, though the head never ended.
    CHECK(pair.refused->request.method == "POST");
    CHECK(pair.refused->request.url == "/v3/dir/trash");
    CHECK(connection.closing());
    CHECK_FALSE(pair.answered_before_told);
  }
  std::string answer = pair.received();
  CHECK(answer.starts_with("HTTP/1.1 408 Request Timeout\r\n"));
  CHECK(answer.find("Connection: close") != std::string::npos);
  CHECK(answer.find("\"code\":\"request_timeout\"") != std::string::npos);
}

TEST_CASE("a request line over the limit is refused with 414 before the rest is read") {
  Pair pair;
  {
    ConnectionLimits limits;
    limits.head.max_line = 32;
    Connection connection = pair.connect(limits);
    pair.send("GET /" + std::string(64, 'a') + " HTTP/1.1\r\n\r\n");
    REQUIRE(connection.next_request());
    read_until_refused(connection);
    REQUIRE(pair.refused);
    CHECK(pair.refused->refusal.reply.status == 414);
    CHECK(pair.refused->request.method == "GET");
  }
  CHECK(pair.received().starts_with("HTTP/1.1 414 URI Too Long\r\n"));
}

TEST_CASE("a stop wakes a connection waiting for its next request, which then ends") {
  Pair pair;
  ConnectionLimits limits;
  limits.idle_timeout = std::chrono::hours(1);
  Connection connection = pair.connect(limits);
  uint64_t one = 1;
  REQUIRE(::write(pair.stop_fd, &one, sizeof one) == sizeof one);
  CHECK_FALSE(connection.next_request());
  CHECK_FALSE(connection.had_request());
  CHECK_FALSE(pair.refused);
}

namespace {

/// Whether the client's end has any byte to read right now.
bool readable(const Pair& pair) {
  char byte;
  return ::recv(pair.fds[0], &byte, 1, MSG_PEEK | MSG_DONTWAIT) > 0;
}

}  // namespace

TEST_CASE("an answer's head waits for its body, and both leave in one write") {
  // The library writes head and body apart: with TCP_NODELAY that was two
  // segments and two wake-ups of the client for every answer.
  Pair pair;
  Connection connection = pair.connect({});
  std::string head = "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\n";
  connection.hold_next_head();
  CHECK(connection.write(head.data(), head.size()) == static_cast<ssize_t>(head.size()));
  CHECK_FALSE(readable(pair));
  CHECK(connection.write("body", 4) == 4);
  CHECK(readable(pair));
  // The next answer is not held unless told again.
  CHECK(connection.write("next", 4) == 4);
  char buffer[256];
  ssize_t n = ::recv(pair.fds[0], buffer, sizeof buffer, 0);
  CHECK(std::string(buffer, static_cast<size_t>(std::max<ssize_t>(n, 0))) == head + "bodynext");
}

TEST_CASE("a held head with no body after it leaves at flush") {
  Pair pair;
  Connection connection = pair.connect({});
  connection.hold_next_head();
  CHECK(connection.write("HTTP/1.1 200 OK\r\n\r\n", 19) == 19);
  CHECK_FALSE(readable(pair));
  CHECK(connection.flush());
  CHECK(readable(pair));
  CHECK(connection.flush());  // nothing held: nothing to do
}

TEST_CASE("a body too big to copy follows its held head in order") {
  Pair pair;
  Connection connection = pair.connect({});
  std::string body(200 * 1024, 'x');
  std::string head = "HTTP/1.1 200 OK\r\nContent-Length: 204800\r\n\r\n";
  std::string received;
  std::thread reader([&] { received = pair.received(); });
  connection.hold_next_head();
  CHECK(connection.write(head.data(), head.size()) == static_cast<ssize_t>(head.size()));
  size_t written = 0;
  while (written < body.size()) {
    ssize_t n = connection.write(body.data() + written, body.size() - written);
    REQUIRE(n > 0);
    written += static_cast<size_t>(n);
  }
  ::shutdown(connection.fd(), SHUT_WR);
  reader.join();
  CHECK(received == head + body);
}
