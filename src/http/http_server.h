#pragma once
// cpp-httplib behind a small interface, with the settings a mock server
// needs instead of the library's defaults: TCP_NODELAY, keep-alive for the
// connection's life (ended after an idle time), a listen backlog that does not
// drop connection attempts, no SO_REUSEPORT (a second server on a taken port
// must fail, not share it), port 0, a worker per open connection
// (WorkerPool), drivemock's own connection loop with its time-outs and head
// limits (Connection), and a stop that does not wait for idle clients.

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

#include "http/compression.h"
#include "http/connection.h"
#include "http/proxy_connect.h"
#include "http/reply_writer.h"
#include "http/stop_signal.h"
#include "model/error_envelope.h"
#include "tls/tls_context.h"
#include "util/clock.h"
#include "util/result.h"

namespace drivemock {

/// How long a kept-alive connection may idle between requests, and the most
/// requests it serves: what every answer's Keep-Alive header states, so
/// that a client honouring it is never cut short.
inline constexpr std::chrono::seconds kKeepAliveIdle{5};
inline constexpr size_t kKeepAliveMax = 100000;

struct HttpServerOptions {
  std::string host = "127.0.0.1";
  int port = 0;               ///< 0 picks a free port
  size_t threads = 0;         ///< most connections served at once; 0 picks the default
  size_t max_body = 1 << 20;  ///< larger bodies are refused (http/body_limit.h)
  std::chrono::milliseconds request_timeout{10000};  ///< first byte to whole request
  const Clock* clock = &system_clock();  ///< stamps when a request began, for its journal entry
  Envelope envelope = Envelope();        ///< the dialect of refusals
  /// Most requests served on one connection; the last one's answer says
  /// `Connection: close`, every other one `Keep-Alive: timeout=5, max=<this>`.
  size_t keep_alive_max = kKeepAliveMax;
  /// Set: every connection is TLS, its handshake first (within
  /// request_timeout); a failed one is counted, not journaled.
  std::shared_ptr<const tls::TlsContext> tls = nullptr;
  /// Set (with `tls`): a proxy listener; each connection starts with a
  /// CONNECT (http/proxy_connect.h), which this decides.
  std::function<ConnectDecision(const ConnectRequest&)> proxy = nullptr;
  /// Which answers go compressed to clients that accept it (http/compression.h).
  CompressionPolicy compression = CompressionPolicy();
};

class HttpServer {
 public:
  /// Every request of every method and path that is not refused goes to
  /// `handler`, read into a RequestView, with the writer for its reply.
  using Handler = std::function<void(const RequestView&, ReplyWriter&)>;

  /// `refused` hears of every request answered before reaching `handler`.
  HttpServer(HttpServerOptions options, Handler handler, RefusalListener refused);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  /// Binds and starts serving on a thread, or says why it cannot.
  Status start();
  /// The bound port (after start).
  int port() const { return port_; }
  /// Trips on stop: delays and hangs wait on it.
  const StopSignal& stopping() const { return stopping_; }
  /// Stops accepting, lets requests in flight finish, joins. Idempotent.
  void stop();
  /// Blocks until the server has stopped.
  void wait();

  /// Serves one connected socket on the calling thread until it closes (or
  /// the server stops), then closes it. Every accepted connection goes here.
  void serve_connection(int fd);

  /// Connections that closed (or idled out, or met a stop) without sending
  /// a single request line: not requests, so not journaled; counted here.
  uint64_t connections_without_request() const { return connections_without_request_; }

  /// TLS handshakes that failed (a name not allowed, a client that does not
  /// trust the certificate, plain HTTP on the TLS port).
  uint64_t tls_handshakes_failed() const { return tls_handshakes_failed_; }

  /// Connections accepted but waiting for a worker: `threads` are busy.
  size_t connections_queued() const { return connections_queued_; }
  /// Connections closed unserved: `threads` busy and as many waiting.
  uint64_t connections_shed() const { return connections_shed_; }

  /// The connection limit used when the options say 0.
  static size_t default_threads();

 private:
  class Library;
  using LibraryHandler = std::function<void(const httplib::Request&, httplib::Response&)>;
  void configure(const LibraryHandler& handler);
  /// The proxy's CONNECT on `fd`: true with `session` set when drivemock
  /// answers the tunnel itself; false when the connection ended here
  /// (refused and journaled, passed through, or failed).
  bool answer_connect(int fd, tls::SslPtr& session);
  /// TLS on `fd` (made non-blocking); false, counted and closed, when the
  /// handshake fails.
  bool start_tls(int fd, tls::SslPtr& session);
  void refuse_unparsed(const httplib::Request& req, httplib::Response& res);
  /// Answers a request the HTTP layer refuses itself (its body is too large).
  void refuse(Refusal refusal, RequestView request, httplib::Response& res);

  HttpServerOptions options_;
  RefusalListener refused_;
  std::unique_ptr<Library> server_;
  std::thread thread_;
  int port_ = 0;
  int listen_fd_ = -1;
  int stop_fd_ = -1;  ///< an eventfd, readable once stop() has begun
  StopSignal stopping_;
  StopSignal stopped_;
  std::atomic<bool> stop_called_{false};
  std::atomic<uint64_t> connections_without_request_{0};
  std::atomic<uint64_t> tls_handshakes_failed_{0};
  std::atomic<size_t> connections_queued_{0};
  std::atomic<uint64_t> connections_shed_{0};
};

}  // namespace drivemock
