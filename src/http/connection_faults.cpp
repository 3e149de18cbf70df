#include "http/connection_faults.h"

#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "util/log.h"

namespace drivemock {
namespace {

struct Endpoint {
  std::string host;
  int port = -1;
};

std::optional<Endpoint> endpoint_of(const sockaddr_storage& addr, socklen_t len) {
  char host[NI_MAXHOST];
  char port[NI_MAXSERV];
  if (getnameinfo(reinterpret_cast<const sockaddr*>(&addr), len, host, sizeof host, port,
                  sizeof port, NI_NUMERICHOST | NI_NUMERICSERV) != 0) {
    return std::nullopt;
  }
  return Endpoint{host, std::stoi(port)};
}

std::optional<Endpoint> local_endpoint(int fd) {
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  if (getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) return std::nullopt;
  return endpoint_of(addr, len);
}

std::optional<Endpoint> peer_endpoint(int fd) {
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  if (getpeername(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) return std::nullopt;
  return endpoint_of(addr, len);
}

/// Calls `fn` with every open descriptor number of this process.
template <typename Fn>
void for_each_descriptor(Fn fn) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd", ec)) {
    const std::string name = entry.path().filename().string();
    if (!name.empty() && std::isdigit(static_cast<unsigned char>(name[0]))) fn(std::stoi(name));
  }
}

/// Makes `fd` refer to /dev/null, closing the socket it referred to.
void detach(int fd) {
  int null_fd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
  if (null_fd < 0) return;
  ::dup2(null_fd, fd);
  ::close(null_fd);
}

void reset(int fd) {
  linger abort_on_close{1, 0};  // close() then sends RST instead of FIN
  setsockopt(fd, SOL_SOCKET, SO_LINGER, &abort_on_close, sizeof abort_on_close);
  detach(fd);
}

void empty(int fd) {
  ::shutdown(fd, SHUT_RDWR);  // FIN with nothing sent: "empty reply from server"
  detach(fd);
}

void malformed(int fd) {
  // A status line that no HTTP parser accepts, then the connection closes.
  static constexpr char kGarbage[] = "HTTP/1.1 ??? drivemock-malformed\r\n\x01\x02\r\n\r\n";
  ::send(fd, kGarbage, sizeof kGarbage - 1, MSG_NOSIGNAL);
  empty(fd);
}

bool client_gone(int fd) {
  pollfd p{fd, POLLRDHUP, 0};
  return ::poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0;
}

void hang(int fd, const StopSignal& stop) {
  while (!client_gone(fd) && !stop.wait_for(std::chrono::milliseconds(50))) {
  }
  reset(fd);
}

}  // namespace

std::optional<int> find_connection_socket(const httplib::Request& request) {
  std::optional<int> found;
  for_each_descriptor([&](int fd) {
    if (found) return;
    auto local = local_endpoint(fd);
    if (!local || local->port != request.local_port || local->host != request.local_addr) return;
    auto peer = peer_endpoint(fd);
    if (peer && peer->port == request.remote_port && peer->host == request.remote_addr) found = fd;
  });
  return found;
}

void apply_fault(scenario::Fault fault, const httplib::Request& request, const StopSignal& stop) {
  auto fd = find_connection_socket(request);
  if (!fd) {
    log::warning(std::string("drivemock: the connection for the ") + scenario::fault_name(fault) +
                 " fault was not found; answering normally instead");
    return;
  }
  switch (fault) {
    case scenario::Fault::reset: reset(*fd); return;
    case scenario::Fault::empty: empty(*fd); return;
    case scenario::Fault::malformed: malformed(*fd); return;
    case scenario::Fault::hang: hang(*fd, stop); return;
    case scenario::Fault::none: return;
  }
}

void end_idle_connections(int local_port,
                          const std::function<bool(const std::string&, int)>& busy) {
  for_each_descriptor([&](int fd) {
    auto local = local_endpoint(fd);
    if (!local || local->port != local_port) return;
    auto peer = peer_endpoint(fd);
    if (peer && !busy(peer->host, peer->port)) ::shutdown(fd, SHUT_RD);
  });
}

}  // namespace drivemock
