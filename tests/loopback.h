#pragma once
// A TCP connection to a server on this machine's loopback, for tests that
// speak HTTP or TLS below httplib's client: the end-to-end tests' raw
// connection, the TLS handshake check and the soak's pipelined client.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>

namespace drivemock::testing {

/// A socket connected to 127.0.0.1:`port`, or -1. Its reads give up after
/// 10 s: a bound on a broken server, never reached when it works, so that a
/// lost answer fails the test instead of hanging it.
inline int connect_loopback(int port) {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  timeval timeout{10, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  return fd;
}

}  // namespace drivemock::testing
