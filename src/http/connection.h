#pragma once
// One accepted client connection as drivemock serves it: the socket, the
// stream the HTTP library reads requests from and writes answers to, and the
// guards cpp-httplib 0.11 lacks. The library's own stream waits up to its
// read time-out for every byte, so a client sending one byte a second holds a
// worker forever; here a request's head and body must arrive within
// `request_timeout` of its first byte (else 408), its head must keep within
// HeadLimits (else 414 or 431), and every wait also ends when the server stops.
//
// A worker serves one connection for its whole life, so the connection being
// served is a property of the thread (current()), which is how a handler
// reaches the socket for connection-level faults.

#include <httplib.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "http/header_scanner.h"
#include "http/refusal.h"
#include "tls/openssl_types.h"
#include "util/clock.h"
#include "util/fd_wait.h"

namespace drivemock {

struct ConnectionLimits {
  std::chrono::milliseconds request_timeout{10000};  ///< first byte to whole request
  std::chrono::milliseconds idle_timeout{5000};      ///< between requests (keep-alive)
  std::chrono::milliseconds write_timeout{5000};     ///< for each write to make progress
  HeadLimits head;
  /// Most bytes of one request's body read, as sent (http/body_limit.h).
  size_t body_read = SIZE_MAX;
};

/// What every connection of one server shares; it outlives them.
struct ConnectionContext {
  int stop_fd;  ///< becomes readable when the server stops; every wait watches it
  const RefusalListener* refused;  ///< may be null; hears of every request refused
  const Clock& clock;              ///< stamps when each request began (started()), for the journal
  const Envelope& envelope;        ///< refusals answer in its dialect
};

class Connection final : public httplib::Stream {
 public:
  /// With `ssl` (a session whose handshake is done on the non-blocking
  /// `fd`), requests and answers go through TLS.
  Connection(int fd, const ConnectionContext& context, ConnectionLimits limits,
             tls::SslPtr ssl = nullptr);
  ~Connection() override;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  /// The connection the calling worker thread serves, or null.
  static Connection* current();

  /// Waits for the next request's first byte; false when the client closed,
  /// stayed idle past idle_timeout, or the server is stopping. Arms the
  /// request deadline and the head limits.
  bool next_request();
  /// The handler has the whole request: the deadline no longer applies.
  void handler_started();
  /// Whether a handler took the current request (else only the library saw it).
  bool handler_ran() const { return handler_ran_; }
  /// The current request is refused: `refused` goes to the listener before
  /// its answer is written, and the connection closes after that answer.
  void refused(const RefusedRequest& refused);
  /// The current request as far as its request line was read, from this
  /// connection's own bytes (the library's parse may have failed).
  RequestView as_read() const;
  /// The client closed its side (or reset) while a request was read.
  bool client_gone() const { return client_gone_; }
  /// The current request's body went on past limits.body_read: it was not
  /// read further (the library, told of a failed read, gave up on it).
  bool body_cut_off() const { return body_cut_off_; }
  /// When the current request's first byte arrived, on the clock given.
  Clock::Steady started() const { return started_; }
  /// Whether any request on this connection reached a handler or a refusal:
  /// a connection without one sent no request line (it connected and left).
  bool had_request() const { return had_request_; }
  bool closing() const { return close_after_ || detached_; }
  /// A fault has taken the socket over: whatever the library still writes is
  /// dropped, and closing sends RST for SocketClose::reset (else the fault
  /// closed it already, or the server is going away).
  enum class SocketClose { graceful, reset };
  void detach(SocketClose close);

  /// The library writes an answer's head and its body apart: with
  /// TCP_NODELAY, two segments and two wake-ups of the client for each
  /// answer. Told that its next write is a head whose body follows, the
  /// connection holds the head and sends it with the body, in one write.
  void hold_next_head() { hold_head_ = true; }
  /// Sends a head still held (no body followed it: a HEAD request, or the
  /// library gave up); false if it could not.
  bool flush();

  int fd() const { return fd_; }

  // httplib::Stream
  bool is_readable() const override;
  bool is_writable() const override;
  ssize_t read(char* ptr, size_t size) override;
  ssize_t write(const char* ptr, size_t size) override;
  void get_remote_ip_and_port(std::string& ip, int& port) const override;
  void get_local_ip_and_port(std::string& ip, int& port) const override;
  socket_t socket() const override { return fd_; }

 private:
  /// A wait for `events` until `deadline`; a write is not cut short by a
  /// stop (answers in flight still go out), a read is.
  FdWait wait_until(short events, std::chrono::steady_clock::time_point deadline) const;
  FdWait wait_for(short events, std::chrono::milliseconds timeout) const;
  bool fill();
  /// read() past its one-byte fast path: fills the buffer, watches the head.
  /// Not inlined, so that the fast path saves no registers (bench/instructions).
  [[gnu::noinline]] ssize_t read_buffered(char* ptr, size_t size);
  /// Reads into the buffer without waiting: > 0 bytes, 0 when the client
  /// closed, -1 with `wait` the event to wait for (0: failed).
  ssize_t receive(short& wait);
  /// Writes without waiting: bytes written, or -1 with `wait` as receive's.
  ssize_t transmit(const char* ptr, size_t size, short& wait);
  /// Passes the buffered bytes from begin_ through the head's scanner (and
  /// the request line into request_line_), up to the head's end; false when
  /// they broke a limit, which refuses the request.
  bool watch_head();
  /// Answers the request with a JSON error and stops reading it.
  void refuse(const Refusal& refusal);
  /// Writes a part of `ptr` at most, waiting for the socket as needed: the
  /// bytes written, or -1.
  ssize_t write_some(const char* ptr, size_t size);
  bool write_all(const char* ptr, size_t size);

  int fd_;
  int stop_fd_;
  tls::SslPtr ssl_;  ///< null on a plain connection
  const RefusalListener* refused_listener_;
  // Both ends of a connection never change: looked up once, not per request.
  std::string remote_ip_;
  int remote_port_ = 0;
  std::string local_ip_;
  int local_port_ = 0;
  ConnectionLimits limits_;
  HeaderScanner head_;
  // The request line's bytes as they pass, for journaling a refused request;
  // kept (with its capacity) from request to request.
  std::string request_line_;
  const Clock& clock_;
  const Envelope& envelope_;
  Clock::Steady started_;
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  bool handler_ran_ = false;
  bool had_request_ = false;
  bool client_gone_ = false;
  bool body_cut_off_ = false;
  bool refused_ = false;
  bool detached_ = false;
  bool abort_on_close_ = false;
  bool close_after_ = false;
  bool hold_head_ = false;
  std::string held_;  ///< a head held for its body (hold_next_head), up to 4 KiB kept
  char buffer_[4096];
  size_t begin_ = 0;
  size_t end_ = 0;
  size_t head_scanned_ = 0;  ///< buffer_ before this went through head_
  size_t body_read_ = 0;     ///< bytes of the current request's body handed out
};

}  // namespace drivemock
