#include "http/proxy_connect.h"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>

#include "util/fd_wait.h"
#include "util/net_address.h"
#include "util/text.h"

namespace drivemock {
namespace {

using std::chrono::milliseconds;
using Steady = std::chrono::steady_clock;

constexpr size_t kMaxConnectHead = 8192;

}  // namespace

Result<ConnectRequest> read_connect(int fd, int stop_fd, milliseconds timeout) {
  auto deadline = Steady::now() + timeout;
  std::string head;
  char buffer[kMaxConnectHead];
  // What follows the head is the client's TLS hello, which must stay in the
  // socket for the handshake: look at what has arrived, then take only what
  // belongs to the head (all of it until its blank line is seen).
  while (head.size() < kMaxConnectHead) {
    ssize_t n = ::recv(fd, buffer, kMaxConnectHead - head.size(), MSG_PEEK | MSG_DONTWAIT);
    if (n > 0) {
      size_t before = head.size();
      head.append(buffer, static_cast<size_t>(n));
      size_t end = head.find("\r\n\r\n", before < 3 ? 0 : before - 3);
      size_t take = end == std::string::npos ? static_cast<size_t>(n) : end + 4 - before;
      if (::recv(fd, buffer, take, MSG_DONTWAIT) != static_cast<ssize_t>(take)) {
        return Error{"the proxy request could not be read"};
      }
      if (end != std::string::npos) return parse_connect(head.substr(0, end + 4));
      continue;
    }
    if (n == 0) return Error{"the client closed before its proxy request was whole"};
    if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
      return Error{"the proxy request could not be read"};
    }
    if (wait_fd(fd, POLLIN, stop_fd, deadline) != FdWait::ready) {
      return Error{"the proxy request did not arrive in time"};
    }
  }
  return Error{"the proxy request's head is over 8 KiB"};
}

Result<ConnectRequest> parse_connect(std::string_view head) {
  ConnectRequest request;
  std::string_view line = head.substr(0, head.find("\r\n"));
  size_t space = line.find(' ');
  size_t second = space == std::string::npos ? std::string::npos : line.find(' ', space + 1);
  if (second == std::string::npos) return Error{"the proxy request line is not HTTP"};
  request.method = line.substr(0, space);
  request.target = line.substr(space + 1, second - space - 1);
  request.host = authority_host(request.target);  // lower case, without brackets
  // The port as given (443 when none); one that is no port number is 0,
  // which no tunnel reaches and no --proxy-pass lists.
  const std::string& target = request.target;
  size_t colon = target.rfind(':');
  if (colon != std::string::npos && target.find(']', colon) == std::string::npos) {
    std::string port = target.substr(colon + 1);
    bool digits = !port.empty() && port.size() <= 5 &&
                  std::all_of(port.begin(), port.end(), [](char c) { return std::isdigit(c); });
    int number = digits ? std::stoi(port) : 0;
    request.port = number >= 1 && number <= 65535 ? number : 0;
  }
  return request;
}

ConnectDecision decide_connect(const ConnectRequest& request, const tls::TlsNames& names,
                               const std::vector<std::string>& pass) {
  if (request.method != "CONNECT" || request.port == 0 || request.host.empty()) {
    return ConnectDecision::refuse;
  }
  // "host" lets port 443 through, as HTTPS_PROXY clients mean it; any other
  // port must be listed ("host:8443"): a bare name must not open every port
  // of that host (ssh, databases) to whoever reaches the proxy.
  bool listed = std::any_of(pass.begin(), pass.end(), [&](const std::string& given) {
    return authority_host(given) == request.host &&
           authority_port(given).value_or(443) == request.port;
  });
  if (listed) return ConnectDecision::pass;
  return names.allows(request.host) ? ConnectDecision::serve : ConnectDecision::refuse;
}

bool send_all(int fd, std::string_view bytes, milliseconds timeout) {
  auto deadline = Steady::now() + timeout;
  while (!bytes.empty()) {
    ssize_t n = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n > 0) {
      bytes.remove_prefix(static_cast<size_t>(n));
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
      if (wait_fd(fd, POLLOUT, -1, deadline) != FdWait::ready) return false;
    } else {
      return false;
    }
  }
  return true;
}

Result<int> connect_to(const std::string& host, int port, milliseconds timeout) {
  std::vector<NetAddress> addresses = resolve_host(host);
  if (addresses.empty()) return Error{"cannot resolve " + host};
  // As for the recorder's targets: a listed name that resolves to the cloud's
  // metadata service (DNS rebinding, or a typo) is never tunnelled to.
  for (const auto& address : addresses) {
    if (is_link_local_or_metadata(address)) {
      return Error{host + " resolves to " + address.text +
                   ", a link-local or metadata address, which the proxy never tunnels to"};
    }
  }
  NetAddress target = with_port(addresses.front(), port);
  int fd = ::socket(target.storage.ss_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  bool ok = fd >= 0;
  if (ok && ::connect(fd, reinterpret_cast<const sockaddr*>(&target.storage), target.length) != 0) {
    ok = errno == EINPROGRESS && wait_fd(fd, POLLOUT, -1, Steady::now() + timeout) == FdWait::ready;
    int error = 0;
    socklen_t len = sizeof error;
    ok = ok && ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &len) == 0 && error == 0;
  }
  if (!ok) {
    if (fd >= 0) ::close(fd);
    return Error{"cannot connect to " + host + ":" + std::to_string(port)};
  }
  return fd;
}

void tunnel(int a, int b, int stop_fd, milliseconds idle) {
  char buffer[16384];
  pollfd fds[3] = {{a, POLLIN, 0}, {b, POLLIN, 0}, {stop_fd, POLLIN, 0}};
  for (;;) {
    int ready = ::poll(fds, stop_fd >= 0 ? 3 : 2, static_cast<int>(idle.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0 || (stop_fd >= 0 && (fds[2].revents & POLLIN))) break;
    bool moved = true;
    for (int from = 0; from < 2 && moved; ++from) {
      if (!(fds[from].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t n = ::recv(fds[from].fd, buffer, sizeof buffer, MSG_DONTWAIT);
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) continue;
      moved = n > 0 && send_all(fds[1 - from].fd, std::string_view(buffer, size_t(n)), idle);
    }
    if (!moved) break;
  }
  ::close(b);
}

}  // namespace drivemock
