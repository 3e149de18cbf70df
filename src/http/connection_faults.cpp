#include "http/connection_faults.h"

#include <poll.h>
#include <sys/socket.h>

#include <string>

#include "http/connection.h"
#include "util/log.h"

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

}  // namespace

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
