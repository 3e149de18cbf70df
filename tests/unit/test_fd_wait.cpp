// Waiting on a socket: ready when the events come, timeout at the deadline,
// stopped as soon as the server's stop descriptor is readable.
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>

#include "util/fd_wait.h"

using drivemock::FdWait;
using drivemock::wait_fd;

namespace {

struct Sockets {
  int fds[2] = {-1, -1};
  int stop = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  Sockets() { REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) == 0); }
  ~Sockets() {
    ::close(fds[0]);
    ::close(fds[1]);
    ::close(stop);
  }
};

auto soon() {
  return std::chrono::steady_clock::now() + std::chrono::milliseconds(20);
}

}  // namespace

TEST_CASE("a wait on a socket is ready when its bytes come, and times out when none do") {
  Sockets s;
  CHECK(wait_fd(s.fds[1], POLLIN, s.stop, soon()) == FdWait::timeout);
  REQUIRE(::write(s.fds[0], "x", 1) == 1);
  CHECK(wait_fd(s.fds[1], POLLIN, s.stop, soon()) == FdWait::ready);
  CHECK(wait_fd(s.fds[1], POLLOUT, -1, soon()) == FdWait::ready);
  CHECK(wait_fd(s.fds[1], POLLIN, s.stop, std::chrono::steady_clock::now()) == FdWait::ready);
}

TEST_CASE("a wait ends as stopped once the stop descriptor is readable, even with bytes waiting") {
  Sockets s;
  REQUIRE(::write(s.fds[0], "x", 1) == 1);
  uint64_t one = 1;
  REQUIRE(::write(s.stop, &one, sizeof one) == sizeof one);
  CHECK(wait_fd(s.fds[1], POLLIN, s.stop, soon()) == FdWait::stopped);
  // Without a stop descriptor (a write that must finish), the stop is not seen.
  CHECK(wait_fd(s.fds[1], POLLIN, -1, soon()) == FdWait::ready);
}
