#include "http/connection_faults.h"

#include <poll.h>
#include <sys/socket.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "http/connection.h"
#include "http/refusal.h"
#include "util/log.h"
#include "util/text.h"

namespace drivemock {
namespace {

void reset(Connection& connection) {
  connection.detach(Connection::SocketClose::reset);  // RST instead of FIN
}

void empty(Connection& connection) {
  ::shutdown(connection.fd(), SHUT_RDWR);  // FIN with nothing sent: "empty reply from server"
  connection.detach(Connection::SocketClose::graceful);
}

void malformed(Connection& connection) {
  // A status line that no HTTP parser accepts, then the connection closes.
  static constexpr char kGarbage[] = "HTTP/1.1 ??? drivemock-malformed\r\n\x01\x02\r\n\r\n";
  ::send(connection.fd(), kGarbage, sizeof kGarbage - 1, MSG_NOSIGNAL);
  empty(connection);
}

bool client_gone(int fd) {
  pollfd p{fd, POLLRDHUP, 0};
  return ::poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0;
}

void hang(Connection& connection, const StopSignal& stop) {
  while (!client_gone(connection.fd()) && !stop.wait_for(std::chrono::milliseconds(50))) {
  }
  reset(connection);
}

/// Writes all of `bytes`; false once the client cannot take them.
bool write_all(Connection& connection, std::string_view bytes) {
  while (!bytes.empty()) {
    ssize_t n = connection.write(bytes.data(), bytes.size());
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

/// The status line and headers of a reply whose connection closes after it;
/// without a body size, the body is whatever comes until the close.
std::string head_of(const Reply& reply, std::optional<size_t> body_size) {
  std::string head =
      "HTTP/1.1 " + std::to_string(reply.status) + " " + reason_phrase(reply.status) + "\r\n";
  bool typed = false;
  OwnSafetyHeaders own;
  for (const auto& h : reply.header_list()) {
    if (iequals(h.name, "Content-Length") || iequals(h.name, "Connection")) continue;
    typed = typed || iequals(h.name, "Content-Type");
    own.note(h.name);
    head += h.name + ": " + h.value + "\r\n";
  }
  if (!typed) head += "Content-Type: application/json\r\n";
  if (!own.policy) head += "Content-Security-Policy: " + std::string(kSandboxPolicy) + "\r\n";
  if (!own.nosniff) head += "X-Content-Type-Options: " + std::string(kNoSniff) + "\r\n";
  if (body_size) head += "Content-Length: " + std::to_string(*body_size) + "\r\n";
  return head + "Connection: close\r\n\r\n";
}

enum class Waited { due, stopped, client_gone };

/// Waits until `due`, in short steps so that a client that leaves is noticed.
Waited wait_until(std::chrono::steady_clock::time_point due, int fd, const StopSignal& stop) {
  using namespace std::chrono;
  for (;;) {
    if (client_gone(fd)) return Waited::client_gone;
    auto left = ceil<milliseconds>(due - steady_clock::now());
    if (left <= milliseconds(0)) return Waited::due;
    if (stop.wait_for(std::min(left, milliseconds(50)))) return Waited::stopped;
  }
}

}  // namespace

bool send_dribbled(const Reply& reply, const StopSignal& stop) {
  Connection* connection = Connection::current();
  if (!connection) return false;
  std::string_view body = reply.body_text();
  bool open = write_all(*connection, head_of(reply, body.size()));
  auto head_sent = std::chrono::steady_clock::now();
  for (const auto& piece : dribble_plan(body.size(), reply.dribble)) {
    if (!open) break;
    Waited waited = wait_until(head_sent + piece.at, connection->fd(), stop);
    if (waited == Waited::client_gone) break;
    if (waited == Waited::stopped) {  // the rest at once, as a stop cuts a delay short
      write_all(*connection, body.substr(piece.offset));
      break;
    }
    open = write_all(*connection, body.substr(piece.offset, piece.length));
  }
  connection->detach(Connection::SocketClose::graceful);
  return true;
}

bool send_events(const Reply& reply, const StopSignal& stop) {
  Connection* connection = Connection::current();
  if (!connection) return false;
  // Asked for every second, so that a client that left or a stop is noticed
  // within one; a comment line every 15 s of quiet keeps proxies from
  // closing an idle stream.
  constexpr auto kPoll = std::chrono::seconds(1);
  constexpr int kQuietPolls = 15;
  bool open = write_all(*connection, head_of(reply, std::nullopt));
  int quiet = 0;
  while (open && !stop.tripped() && !client_gone(connection->fd())) {
    auto events = reply.events->next(kPoll);
    if (!events) break;
    if (!events->empty()) {
      quiet = 0;
      open = write_all(*connection, *events);
    } else if (++quiet == kQuietPolls) {
      quiet = 0;
      open = write_all(*connection, ":\n\n");
    }
  }
  connection->detach(Connection::SocketClose::graceful);
  return true;
}

void apply_fault(Fault fault, const StopSignal& stop) {
  Connection* connection = Connection::current();
  if (!connection) {
    log::warning(std::string("drivemock: no connection for the ") + fault_name(fault) +
                 " fault; answering normally instead");
    return;
  }
  switch (fault) {
    case Fault::reset: reset(*connection); return;
    case Fault::empty: empty(*connection); return;
    case Fault::malformed: malformed(*connection); return;
    case Fault::hang: hang(*connection, stop); return;
    case Fault::none: return;
  }
}

}  // namespace drivemock
