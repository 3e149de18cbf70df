#include "http/connection.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <openssl/err.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace drivemock {
namespace {

using SteadyClock = std::chrono::steady_clock;
using std::chrono::milliseconds;

thread_local Connection* current_connection = nullptr;

/// Unread bytes at close() make the kernel send RST, which can overtake an
/// answer the client has not read yet; after an early answer (413, 431, 408)
/// drivemock reads and drops what the client still sends, for this long.
constexpr milliseconds kDrainTime{1000};
// A held head takes a body up to this size along (a copy); a bigger body is
// written after it, where the copy would cost more than the second write.
constexpr size_t kMostCopiedBody = 64 * 1024;
constexpr size_t kKeptHeldBytes = 4096;

void address_of(const sockaddr_storage& addr, std::string& ip, int& port) {
  char text[INET6_ADDRSTRLEN] = "";
  if (addr.ss_family == AF_INET) {
    const auto& v4 = reinterpret_cast<const sockaddr_in&>(addr);
    inet_ntop(AF_INET, &v4.sin_addr, text, sizeof text);
    port = ntohs(v4.sin_port);
  } else if (addr.ss_family == AF_INET6) {
    const auto& v6 = reinterpret_cast<const sockaddr_in6&>(addr);
    inet_ntop(AF_INET6, &v6.sin6_addr, text, sizeof text);
    port = ntohs(v6.sin6_port);
  }
  ip = text;
}

}  // namespace

Connection::Connection(int fd, const ConnectionContext& context, ConnectionLimits limits,
                       tls::SslPtr ssl)
    : fd_(fd),
      stop_fd_(context.stop_fd),
      ssl_(std::move(ssl)),
      refused_listener_(context.refused),
      limits_(limits),
      head_(limits.head),
      clock_(context.clock),
      envelope_(context.envelope) {
  current_connection = this;
  sockaddr_storage addr{};
  socklen_t len = sizeof addr;
  if (getpeername(fd_, reinterpret_cast<sockaddr*>(&addr), &len) == 0) {
    address_of(addr, remote_ip_, remote_port_);
  }
  len = sizeof addr;
  if (getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len) == 0) {
    address_of(addr, local_ip_, local_port_);
  }
}

Connection::~Connection() {
  current_connection = nullptr;
  if (abort_on_close_) {
    linger abort{1, 0};  // close() sends RST instead of FIN
    setsockopt(fd_, SOL_SOCKET, SO_LINGER, &abort, sizeof abort);
  } else if (!detached_) {
    if (ssl_) SSL_shutdown(ssl_.get());  // close_notify, without waiting for the client's
    ::shutdown(fd_, SHUT_WR);
    if (close_after_) {
      auto until = SteadyClock::now() + kDrainTime;
      char sink[4096];
      while (wait_until(POLLIN, until) == FdWait::ready && ::recv(fd_, sink, sizeof sink, 0) > 0) {
      }
    }
  }
  ::close(fd_);
}

Connection* Connection::current() {
  return current_connection;
}

FdWait Connection::wait_until(short events, SteadyClock::time_point deadline) const {
  return wait_fd(fd_, events, events == POLLIN ? stop_fd_ : -1, deadline);
}

FdWait Connection::wait_for(short events, milliseconds timeout) const {
  return wait_until(events, SteadyClock::now() + timeout);
}

bool Connection::next_request() {
  bool buffered = begin_ < end_ || (ssl_ && SSL_pending(ssl_.get()) > 0);
  if (!buffered && wait_for(POLLIN, limits_.idle_timeout) != FdWait::ready) return false;
  head_.reset();
  head_scanned_ = begin_;  // what is buffered belongs to the new head
  request_line_.clear();
  handler_ran_ = false;
  body_read_ = 0;
  body_cut_off_ = false;
  started_ = clock_.steady();
  // The deadline runs on the system's clock whatever clock stamps requests.
  deadline_ = SteadyClock::now() + limits_.request_timeout;
  return true;
}

void Connection::handler_started() {
  deadline_.reset();
  handler_ran_ = true;
  had_request_ = true;
}

RequestView Connection::as_read() const {
  RequestView view;
  parse_request_line(request_line_,
                     head_.in_request_line() ? LineState::partial : LineState::complete, view);
  view.client_ip = remote_ip_;
  return view;
}

void Connection::refused(const RefusedRequest& refused) {
  had_request_ = true;
  close_after_ = true;  // what follows in the stream cannot be trusted
  if (refused_listener_ && *refused_listener_) (*refused_listener_)(refused);
}

void Connection::detach(SocketClose close) {
  detached_ = true;
  abort_on_close_ = close == SocketClose::reset;
}

ssize_t Connection::receive(short& wait) {
  wait = POLLIN;
  if (!ssl_) {
    ssize_t n = ::recv(fd_, buffer_, sizeof buffer_, MSG_DONTWAIT);
    if (n < 0 && errno == ECONNRESET) return 0;
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) wait = 0;
    return n;
  }
  ERR_clear_error();
  int n = SSL_read(ssl_.get(), buffer_, sizeof buffer_);
  if (n > 0) return n;
  switch (SSL_get_error(ssl_.get(), n)) {
    case SSL_ERROR_WANT_READ: return -1;
    case SSL_ERROR_WANT_WRITE: wait = POLLOUT; return -1;
    case SSL_ERROR_ZERO_RETURN: return 0;                    // close_notify
    case SSL_ERROR_SYSCALL: return errno == EINTR ? -1 : 0;  // closed without one
    default: wait = 0; return -1;
  }
}

ssize_t Connection::transmit(const char* ptr, size_t size, short& wait) {
  wait = POLLOUT;
  if (!ssl_) {
    ssize_t n = ::send(fd_, ptr, size, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) wait = 0;
    return n;
  }
  ERR_clear_error();
  int n = SSL_write(ssl_.get(), ptr, static_cast<int>(std::min<size_t>(size, 1 << 30)));
  if (n > 0) return n;
  switch (SSL_get_error(ssl_.get(), n)) {
    case SSL_ERROR_WANT_WRITE: return -1;
    case SSL_ERROR_WANT_READ: wait = POLLIN; return -1;
    default: wait = 0; return -1;
  }
}

bool Connection::fill() {
  for (;;) {
    short wait = 0;
    ssize_t n = receive(wait);
    if (n > 0) {
      begin_ = 0;
      end_ = static_cast<size_t>(n);
      head_scanned_ = 0;
      return true;
    }
    if (n == 0) {
      client_gone_ = true;
      return false;
    }
    if (wait == 0) return false;
    switch (wait_until(wait, deadline_ ? *deadline_ : SteadyClock::now() + limits_.idle_timeout)) {
      case FdWait::ready: continue;
      case FdWait::timeout:
        if (deadline_) {
          refuse(make_refusal(envelope_, {408, "request_timeout", "request_timeout"},
                              "The request did not arrive within " +
                                  std::to_string(limits_.request_timeout.count()) +
                                  " ms of its first byte (--request-timeout)"));
        }
        return false;
      case FdWait::stopped:
        detach(SocketClose::graceful);
        return false;  // no answer: the server is going away
      case FdWait::failed: return false;
    }
  }
}

ssize_t Connection::read(char* ptr, size_t size) {
  // The library reads a head a byte at a time: a byte of a head already
  // watched (watch_head) is taken with nothing else to check or call.
  if (size == 1 && begin_ < head_scanned_ && !refused_ && !detached_) {
    *ptr = buffer_[begin_++];
    return 1;
  }
  return read_buffered(ptr, size);
}

ssize_t Connection::read_buffered(char* ptr, size_t size) {
  if (refused_ || detached_) return -1;
  // Past the head, every byte is the body's (the library reads no further
  // than its framing says): counted, and cut off at the limit, since the
  // library keeps a chunked body, its chunk lines or a body read until the
  // client closes without a bound of its own.
  bool body = head_.status() == HeadStatus::complete && begin_ >= head_scanned_;
  if (body && body_read_ >= limits_.body_read) {
    body_cut_off_ = true;
    return -1;
  }
  if (begin_ == end_ && !fill()) return -1;
  // The head is watched a buffer at a time, ahead of the library, which
  // reads it a byte at a time: a byte costs a call, not a call and a scan.
  if (begin_ >= head_scanned_ && head_.status() == HeadStatus::reading && !watch_head()) {
    return -1;
  }
  size_t n = std::min(size, end_ - begin_);
  if (body) {
    n = std::min(n, limits_.body_read - body_read_);
    body_read_ += n;
  }
  std::memcpy(ptr, buffer_ + begin_, n);
  begin_ += n;
  return static_cast<ssize_t>(n);
}

bool Connection::watch_head() {
  std::string_view pending(buffer_ + begin_, end_ - begin_);
  bool request_line = head_.in_request_line();
  size_t taken = head_.feed(pending);
  if (request_line) {
    std::string_view line = pending.substr(0, taken);
    line = line.substr(0, line.find('\n'));
    size_t room = limits_.head.max_line - std::min(limits_.head.max_line, request_line_.size());
    request_line_.append(line.substr(0, room));
  }
  head_scanned_ = begin_ + taken;
  HeadStatus status = head_.status();
  if (status == HeadStatus::reading || status == HeadStatus::complete) return true;
  refuse(*refusal_for(status, limits_.head, envelope_));
  return false;
}

ssize_t Connection::write(const char* ptr, size_t size) {
  // After a refusal or a fault the library's own answer must not follow.
  if (refused_ || detached_) return static_cast<ssize_t>(size);
  if (hold_head_) {
    hold_head_ = false;
    held_.assign(ptr, size);
    return static_cast<ssize_t>(size);
  }
  if (!held_.empty()) {
    // A body too big to copy goes in a write of its own, after the head.
    if (size <= kMostCopiedBody) {
      held_.append(ptr, size);
      return flush() ? static_cast<ssize_t>(size) : -1;
    }
    if (!flush()) return -1;
  }
  return write_some(ptr, size);
}

bool Connection::flush() {
  hold_head_ = false;
  if (held_.empty()) return true;
  bool sent = write_all(held_.data(), held_.size());
  held_.clear();
  // Kept for the next answer, unless a big one grew it: a thousand idle
  // keep-alive connections then each hold a few KiB, not up to 64.
  if (held_.capacity() > kKeptHeldBytes) std::string().swap(held_);
  return sent;
}

bool Connection::write_all(const char* ptr, size_t size) {
  for (size_t done = 0; done < size;) {
    ssize_t n = write_some(ptr + done, size - done);
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

ssize_t Connection::write_some(const char* ptr, size_t size) {
  for (;;) {
    short wait = 0;
    ssize_t n = transmit(ptr, size, wait);
    if (n >= 0) return n;
    if (wait == 0) return -1;
    if (wait_for(wait, limits_.write_timeout) != FdWait::ready) return -1;
  }
}

bool Connection::is_readable() const {
  // TLS may hold bytes it has read and decrypted, which no poll shows.
  return begin_ < end_ || (ssl_ && SSL_pending(ssl_.get()) > 0) ||
         wait_for(POLLIN, limits_.idle_timeout) == FdWait::ready;
}

bool Connection::is_writable() const {
  return wait_for(POLLOUT, limits_.write_timeout) == FdWait::ready;
}

void Connection::get_remote_ip_and_port(std::string& ip, int& port) const {
  ip = remote_ip_;
  port = remote_port_;
}

void Connection::get_local_ip_and_port(std::string& ip, int& port) const {
  ip = local_ip_;
  port = local_port_;
}

void Connection::refuse(const Refusal& refusal) {
  // Journaled before the answer leaves, like every other request.
  refused(RefusedRequest{as_read(), refusal, started_});
  // The library never saw this request, so the answer is written here.
  std::string answer = closing_answer(refusal.reply);
  write_all(answer.data(), answer.size());
  refused_ = true;  // the library's own answer to it must not follow
}

}  // namespace drivemock
