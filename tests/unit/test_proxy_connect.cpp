// The proxy's first exchange as data: what a CONNECT line asks for, and
// whether drivemock answers it, tunnels it or refuses it. Whatever the
// line says, only the names drivemock's CA issues for are answered and only
// --proxy-pass hosts are tunnelled to.
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <future>
#include <thread>

#include "http/proxy_connect.h"

using namespace drivemock;

namespace {

ConnectRequest parsed(std::string_view head) {
  auto request = parse_connect(head);
  INFO(std::string(head));
  REQUIRE(request);
  return *request;
}

ConnectDecision decided(std::string_view head, const std::vector<std::string>& pass = {}) {
  static const tls::TlsNames names({"gateway.filen.io"});
  return decide_connect(parsed(head), names, pass);
}

// A connected pair of stream sockets: the client's end and drivemock's.
struct SocketPair {
  int client = -1;
  int server = -1;
  SocketPair() {
    int fds[2];
    REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) == 0);
    client = fds[0];
    server = fds[1];
  }
  ~SocketPair() {
    ::close(client);
    ::close(server);
  }
  void send(std::string_view bytes) const {
    REQUIRE(::send(client, bytes.data(), bytes.size(), MSG_NOSIGNAL) == ssize_t(bytes.size()));
  }
  // What is left in drivemock's end once the proxy request was read.
  std::string unread() const {
    char buffer[256];
    ssize_t n = ::recv(server, buffer, sizeof buffer, MSG_DONTWAIT);
    return n > 0 ? std::string(buffer, size_t(n)) : std::string();
  }
  size_t queued() const {
    int bytes = 0;
    REQUIRE(::ioctl(server, FIONREAD, &bytes) == 0);
    return size_t(bytes);
  }
};

constexpr std::chrono::seconds kRead{5};

}  // namespace

TEST_CASE("reading a CONNECT takes its head and leaves the client's TLS hello in the socket") {
  SocketPair pair;
  // A client may send its hello right behind the head, without waiting for the 200.
  pair.send(
      "CONNECT gateway.filen.io:443 HTTP/1.1\r\nHost: gateway.filen.io\r\n\r\n\x16\x03\x01hello");
  auto request = read_connect(pair.server, -1, kRead);
  REQUIRE(request);
  CHECK(request->host == "gateway.filen.io");
  CHECK(pair.unread() == "\x16\x03\x01hello");
}

TEST_CASE("a CONNECT head that arrives in pieces is read whole, its blank line split too") {
  SocketPair pair;
  pair.send("CONNECT localhost:8443 HTTP/1.1\r\n\r");
  auto reading =
      std::async(std::launch::async, [&] { return read_connect(pair.server, -1, kRead); });
  // Once the first piece is taken, the rest (and the hello behind it) arrives.
  while (pair.queued() != 0) std::this_thread::yield();
  pair.send("\nTLS");
  auto request = reading.get();
  REQUIRE(request);
  CHECK(request->port == 8443);
  CHECK(pair.unread() == "TLS");
}

TEST_CASE("a proxy request that is over 8 KiB or never whole is no request") {
  SocketPair pair;
  pair.send("CONNECT a:443 HTTP/1.1\r\nX: " + std::string(9000, 'x'));
  auto big = read_connect(pair.server, -1, kRead);
  REQUIRE_FALSE(big);
  CHECK(big.error().message == "the proxy request's head is over 8 KiB");

  SocketPair closed;
  closed.send("CONNECT a:443 HTTP/1.1\r\n");
  ::shutdown(closed.client, SHUT_WR);
  auto cut = read_connect(closed.server, -1, kRead);
  REQUIRE_FALSE(cut);
  CHECK(cut.error().message == "the client closed before its proxy request was whole");
}

TEST_CASE(
    "a proxy client that stalls mid-head is let go at its time-out, or when drivemock stops") {
  // A hostile client cannot hold a proxy worker by never ending its head.
  SocketPair stalled;
  stalled.send("CONNECT a:443 HTTP/1.1\r\n");
  auto late = read_connect(stalled.server, -1, std::chrono::milliseconds(50));
  REQUIRE_FALSE(late);
  CHECK(late.error().message == "the proxy request did not arrive in time");

  SocketPair stopping;
  stopping.send("CONNECT a:443 HTTP/1.1\r\n");
  int stop[2];
  REQUIRE(::pipe(stop) == 0);
  REQUIRE(::write(stop[1], "x", 1) == 1);  // the server is stopping
  auto stopped = read_connect(stopping.server, stop[0], std::chrono::hours(1));
  ::close(stop[0]);
  ::close(stop[1]);
  REQUIRE_FALSE(stopped);
  CHECK(stopped.error().message == "the proxy request did not arrive in time");
}

TEST_CASE("a CONNECT line gives the host in lower case and the port, 443 when none") {
  auto request = parsed("CONNECT Gateway.Filen.IO:8443 HTTP/1.1\r\nHost: x\r\n\r\n");
  CHECK(request.method == "CONNECT");
  CHECK(request.target == "Gateway.Filen.IO:8443");
  CHECK(request.host == "gateway.filen.io");
  CHECK(request.port == 8443);
  CHECK(parsed("CONNECT localhost HTTP/1.1\r\n\r\n").port == 443);
  auto v6 = parsed("CONNECT [::1]:443 HTTP/1.1\r\n\r\n");
  CHECK(v6.host == "::1");
  CHECK(v6.port == 443);
}

TEST_CASE("a port that is no port number is 0: over 65535, zero, signed or not digits") {
  for (const char* target : {"h:99999", "h:65536", "h:0", "h:-1", "h:+443", "h:44a", "h:"}) {
    INFO(target);
    CHECK(parsed(std::string("CONNECT ") + target + " HTTP/1.1\r\n\r\n").port == 0);
  }
  CHECK(parsed("CONNECT h:65535 HTTP/1.1\r\n\r\n").port == 65535);
}

TEST_CASE("a proxy request line without method, target and version is not HTTP") {
  CHECK_FALSE(parse_connect("CONNECT\r\n\r\n"));
  CHECK_FALSE(parse_connect("CONNECT host:443\r\n\r\n"));
  CHECK_FALSE(parse_connect(""));
}

TEST_CASE("drivemock answers a CONNECT to its names, tunnels --proxy-pass and refuses the rest") {
  CHECK(decided("CONNECT gateway.filen.io:443 HTTP/1.1\r\n\r\n") == ConnectDecision::serve);
  CHECK(decided("CONNECT localhost:443 HTTP/1.1\r\n\r\n") == ConnectDecision::serve);
  // A hostile page or client cannot reach other hosts through it.
  CHECK(decided("CONNECT bank.example:443 HTTP/1.1\r\n\r\n") == ConnectDecision::refuse);
  CHECK(decided("CONNECT 169.254.169.254:80 HTTP/1.1\r\n\r\n") == ConnectDecision::refuse);
  CHECK(decided("CONNECT gateway.filen.io@bank.example:443 HTTP/1.1\r\n\r\n") ==
        ConnectDecision::refuse);
  CHECK(decided("GET http://gateway.filen.io/ HTTP/1.1\r\n\r\n") == ConnectDecision::refuse);
  CHECK(decided("CONNECT gateway.filen.io:99999 HTTP/1.1\r\n\r\n") == ConnectDecision::refuse);
  // --proxy-pass wins over names drivemock could answer; host:port lists one port only.
  CHECK(decided("CONNECT gateway.filen.io:443 HTTP/1.1\r\n\r\n", {"Gateway.Filen.io"}) ==
        ConnectDecision::pass);
  CHECK(decided("CONNECT api.example:8443 HTTP/1.1\r\n\r\n", {"api.example:8443"}) ==
        ConnectDecision::pass);
  CHECK(decided("CONNECT api.example:443 HTTP/1.1\r\n\r\n", {"api.example:8443"}) ==
        ConnectDecision::refuse);
}

TEST_CASE("a --proxy-pass HOST without a port lets port 443 through and no other") {
  CHECK(decided("CONNECT api.example:443 HTTP/1.1\r\n\r\n", {"api.example"}) ==
        ConnectDecision::pass);
  for (const char* port : {"22", "5432", "8443", "80"}) {
    INFO(port);
    CHECK(decided(std::string("CONNECT api.example:") + port + " HTTP/1.1\r\n\r\n",
                  {"api.example"}) == ConnectDecision::refuse);
  }
  CHECK(decided("CONNECT [::1]:8443 HTTP/1.1\r\n\r\n", {"[::1]:8443"}) == ConnectDecision::pass);
}

TEST_CASE("brackets in a CONNECT target hold an IPv6 literal, else the CONNECT is refused") {
  // A fuzzer's find: this was read as the host "pass.example:8443", the
  // --proxy-pass entry, and tunnelled.
  auto request = parsed("CONNECT [pass.example:8443] H");
  CHECK(request.host.empty());
  CHECK(decided("CONNECT [pass.example:8443] H", {"pass.example:8443"}) == ConnectDecision::refuse);
  CHECK(decided("CONNECT [gateway.filen.io]:443 H") == ConnectDecision::refuse);
  CHECK(decided("CONNECT [::1]:443 H") == ConnectDecision::serve);
}
