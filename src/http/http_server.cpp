#include "http/http_server.h"

#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstring>

#include "http/body_limit.h"
#include "http/request_reader.h"
#include "http/worker_pool.h"
#include "model/request.h"
#include "util/log.h"
#include "util/text.h"

namespace drivemock {
namespace {

constexpr int kListenBacklog = 4096;

// The library listens with a backlog of 5; a burst of clients then sees
// dropped SYNs and second-long connect tails. listen() again raises it. A
// function of its own for ThreadSanitizer (tests/tsan.supp): the library,
// uninstrumented, accepts and closes descriptors TSan does not see, so it
// pairs this listen() with a worker's close() of a later socket that got the
// same number.
[[gnu::noinline]] void raise_listen_backlog(int fd) {
  ::listen(fd, kListenBacklog);
}

constexpr size_t kDefaultThreads = 1024;

}  // namespace

/// The library with its connection loop replaced by drivemock's: request
/// parsing, routing and answer writing stay the library's (process_request).
class HttpServer::Library final : public httplib::Server {
 public:
  explicit Library(HttpServer& owner) : owner_(owner) {}
  /// Whether the connection is to be closed after a request, asked or found.
  enum class Close { no, yes };
  /// Serves one request; says whether the connection must close after it.
  Close serve_request(httplib::Stream& stream, Close asked) {
    bool closed = false;
    bool ok = process_request(stream, asked == Close::yes, closed, nullptr);
    return ok && !closed ? Close::no : Close::yes;
  }

 private:
  bool process_and_close_socket(socket_t sock) override {
    owner_.serve_connection(sock);
    return true;
  }
  HttpServer& owner_;
};

size_t HttpServer::default_threads() {
  return kDefaultThreads;
}

HttpServer::HttpServer(HttpServerOptions options, Handler given, RefusalListener refused)
    : options_(std::move(options)),
      refused_(std::move(refused)),
      server_(std::make_unique<Library>(*this)),
      stop_fd_(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {
  LibraryHandler handler = [this, given](const httplib::Request& req, httplib::Response& res) {
    // The handler has the whole request once it runs: no more read deadline.
    Connection* connection = Connection::current();
    if (connection) connection->handler_started();
    RequestView request = to_view(req);
    if (request.body.size() > options_.max_body) {  // chunked: read within body_read_limit
      Refusal refusal =
          too_large(request.body.size(), options_.max_body, request, options_.envelope);
      refuse(std::move(refusal), std::move(request), res);
      settle_encoding(options_.compression, req, res);
      return;
    }
    ReplyWriter writer(res, stopping_);
    given(request, writer);
    settle_encoding(options_.compression, req, res);
    // The library writes the head next, then the body: one write for both.
    // Not for a streamed answer, whose head must go before its first part.
    if (connection && !res.body.empty() && !res.content_provider_) connection->hold_next_head();
  };
  configure(handler);
}

HttpServer::~HttpServer() {
  stop();
  if (stop_fd_ >= 0) ::close(stop_fd_);
}

void HttpServer::configure(const LibraryHandler& handler) {
  // One catch-all route per method: routing is drivemock's own (contract
  // table, admin route table), so that unknown paths get its JSON 404.
  server_->Get(".*", handler);
  server_->Post(".*", handler);
  server_->Put(".*", handler);
  server_->Patch(".*", handler);
  server_->Delete(".*", handler);
  server_->Options(".*", handler);
  // A POST without Content-Length (`curl -X POST url`) would make the library
  // read a body until the client closes, then answer an empty 400. Such a
  // request has no body: serve it before the library tries to read one.
  // A body announced over --max-body is not read at all: it is refused at
  // once and the connection closes, since the unread bytes would follow.
  server_->set_pre_routing_handler(
      [this, handler](const httplib::Request& req, httplib::Response& res) {
        // One pass over the headers: the library's own lookups cost a
        // locale-aware comparison per character.
        const std::string* content_length = nullptr;
        const std::string* content_encoding = nullptr;
        bool transfer_encoding = false;
        for (const auto& [name, value] : req.headers) {
          // The first one, as the library and the request view read it.
          if (!content_length && iequals(name, "Content-Length")) content_length = &value;
          transfer_encoding |= iequals(name, "Transfer-Encoding");
          // Any one that asks for decoding: the library reads only the first.
          if (iequals(name, "Content-Encoding") && is_encoded(value)) content_encoding = &value;
        }
        bool takes_body = req.method == "POST" || req.method == "PUT" || req.method == "PATCH";
        bool no_body = takes_body && !content_length && !transfer_encoding;
        // What the library would read (and inflate): it reads a body of
        // these methods, a DELETE's only with a Content-Length.
        bool reads_body = (takes_body || req.method == "DELETE") &&
                          (transfer_encoding || (content_length && *content_length != "0"));
        auto announced =
            content_length ? announced_too_large(*content_length, options_.max_body) : std::nullopt;
        if (announced) {
          RequestView request = to_view(req);
          Refusal refusal = too_large(*announced, options_.max_body, request, options_.envelope);
          refuse(std::move(refusal), std::move(request), res);
          settle_encoding(options_.compression, req, res);
        } else if (content_encoding && reads_body) {
          refuse(encoded_body(*content_encoding, options_.envelope), to_view(req), res);
          settle_encoding(options_.compression, req, res);
        } else if (no_body) {
          handler(req, res);
        } else {
          return httplib::Server::HandlerResponse::Unhandled;
        }
        return httplib::Server::HandlerResponse::Handled;
      });
  size_t threads = options_.threads == 0 ? default_threads() : options_.threads;
  server_->new_task_queue = [this, threads] {
    return new WorkerPool(threads, connections_queued_);
  };
  server_->set_tcp_nodelay(true);
  // The library writes `Keep-Alive: timeout=…, max=…` from these on every
  // answer that keeps its connection; serve_connection enforces both.
  server_->set_keep_alive_timeout(kKeepAliveIdle.count());
  server_->set_keep_alive_max_count(options_.keep_alive_max);
  // The library's own check, of a Content-Length only; the pre-routing
  // handler answers such a body first.
  server_->set_payload_max_length(options_.max_body);
  // Replaces the library's SO_REUSEPORT, with which a second server on the
  // same port would start without error and silently share the traffic.
  server_->set_socket_options([this](int fd) {
    int yes = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    listen_fd_ = fd;
  });
  // The library answers some requests by itself, before any handler: a
  // request line or header it cannot parse, a method it does not route, a
  // body whose client went away. Those answers pass through here first.
  server_->set_error_handler(httplib::Server::HandlerWithResponse(
      [this](const httplib::Request& req, httplib::Response& res) {
        refuse_unparsed(req, res);
        settle_encoding(options_.compression, req, res);
        // Unhandled: the library writes `res` as it stands (Handled would
        // also make it apply byte ranges).
        return httplib::Server::HandlerResponse::Unhandled;
      }));
  server_->set_exception_handler(
      [this](const httplib::Request& req, httplib::Response& res, std::exception_ptr) {
        fill_response(res, error_reply(options_.envelope, 500, "internal error", "internal_error"));
        settle_encoding(options_.compression, req, res);
      });
}

Status HttpServer::start() {
  if (stop_fd_ < 0) return Error{std::string("cannot create an eventfd: ") + std::strerror(errno)};
  errno = 0;
  bool bound = options_.port == 0 ? (port_ = server_->bind_to_any_port(options_.host)) > 0
                                  : server_->bind_to_port(options_.host, port_ = options_.port);
  if (!bound) {
    std::string why = errno != 0 ? std::strerror(errno) : "the address is taken or invalid";
    return Error{"cannot listen on " + options_.host + ":" + std::to_string(options_.port) + ": " +
                 why};
  }
  if (listen_fd_ >= 0) raise_listen_backlog(listen_fd_);
  thread_ = std::thread([this] {
    server_->listen_after_bind();
    stopped_.trip();
  });
  return done();
}

void HttpServer::refuse_unparsed(const httplib::Request& req, httplib::Response& res) {
  Connection* connection = Connection::current();
  // A handler's own error answers, a refusal of the connection's own and a
  // fault's dropped answer are journaled (or not) already.
  if (!connection || connection->handler_ran() || connection->closing()) return;
  // Method and url from the connection's own bytes: the library's parse of
  // the request line may be what failed. Headers and body as far as it read.
  RequestView request = connection->as_read();
  RequestView read_by_library = to_view(req);
  request.headers = std::move(read_by_library.headers);
  request.body = std::move(read_by_library.body);
  if (connection->body_cut_off()) {
    Refusal refusal = cut_off(options_.max_body, request, options_.envelope);
    refuse(std::move(refusal), std::move(request), res);
    return;
  }
  auto client = connection->client_gone() ? ClientState::gone : ClientState::connected;
  Refusal refusal = library_refusal(res.status, request.method, client, options_.envelope);
  refuse(std::move(refusal), std::move(request), res);
}

void HttpServer::refuse(Refusal refusal, RequestView request, httplib::Response& res) {
  fill_response(res, refusal.reply);
  Connection* connection = Connection::current();
  auto started = connection ? connection->started() : options_.clock->steady();
  RefusedRequest refused{std::move(request), std::move(refusal), started};
  // Told before the library writes the answer; the connection closes after it.
  if (connection) {
    connection->refused(refused);
  } else if (refused_) {
    refused_(refused);
  }
}

void HttpServer::serve_connection(int fd) {
  if (WorkerPool::shedding()) {  // every worker busy, as many waiting: closed unserved
    ::close(fd);
    // Said at the 1st, 10th, 100th, ...: the client sees only a closed
    // connection, and nothing is journaled.
    uint64_t shed = ++connections_shed_;
    uint64_t lead = shed;
    while (lead % 10 == 0) lead /= 10;
    if (lead == 1) {
      log::warning("drivemock: warning: " + std::to_string(shed) +
                   " connection(s) closed unserved so far: all --threads workers were busy and "
                   "as many connections waiting (connectionsShed in /__admin/health)");
    }
    return;
  }
  int yes = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
  ConnectionLimits limits;
  limits.request_timeout = options_.request_timeout;
  limits.idle_timeout = kKeepAliveIdle;
  limits.body_read = body_read_limit(options_.max_body);
  tls::SslPtr session;
  if (options_.proxy) {
    if (!answer_connect(fd, session)) return;
  } else if (options_.tls && !start_tls(fd, session)) {
    return;
  }
  Connection connection(fd, {stop_fd_, &refused_, *options_.clock, options_.envelope}, limits,
                        std::move(session));
  // Keep-alive up to keep_alive_max requests, as the Keep-Alive header says
  // (the library's default, 5, costs a test suite a reconnect every fifth
  // call). The last one is answered with `Connection: close`.
  size_t served = 0;
  while (!stopping_.tripped() && connection.next_request()) {
    bool last = ++served >= options_.keep_alive_max;
    auto asked = stopping_.tripped() || last ? Library::Close::yes : Library::Close::no;
    Library::Close closed = server_->serve_request(connection, asked);
    if (!connection.flush() || closed == Library::Close::yes) break;
    if (connection.closing()) break;
  }
  if (!connection.had_request()) ++connections_without_request_;
}

bool HttpServer::start_tls(int fd, tls::SslPtr& session) {
  // A TLS write to a client that went away raises SIGPIPE on this thread
  // (OpenSSL writes with write(2)): blocked here, it is never delivered.
  sigset_t pipe;
  sigemptyset(&pipe);
  sigaddset(&pipe, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe, nullptr);
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  auto accepted = options_.tls->accept(fd, stop_fd_, options_.request_timeout);
  if (!accepted) {
    ++tls_handshakes_failed_;
    ++connections_without_request_;
    ::close(fd);
    return false;
  }
  session = std::move(accepted).value();
  return true;
}

bool HttpServer::answer_connect(int fd, tls::SslPtr& session) {
  auto started = options_.clock->steady();
  auto request = read_connect(fd, stop_fd_, options_.request_timeout);
  if (!request) {
    ++connections_without_request_;
    ::close(fd);
    return false;
  }
  ConnectDecision decision = options_.proxy(*request);
  if (decision == ConnectDecision::serve) {
    // The tunnel ends here: TLS with a leaf for the host, then the mock API.
    if (!send_all(fd, "HTTP/1.1 200 Connection Established\r\n\r\n", options_.request_timeout)) {
      ::close(fd);
      return false;
    }
    return start_tls(fd, session);
  }
  Refusal refusal;
  if (decision == ConnectDecision::pass) {
    auto upstream = connect_to(request->host, request->port, options_.request_timeout);
    if (upstream) {
      if (send_all(fd, "HTTP/1.1 200 Connection Established\r\n\r\n", options_.request_timeout)) {
        tunnel(fd, *upstream, stop_fd_, kKeepAliveIdle * 60);
      } else {
        ::close(*upstream);
      }
      ::close(fd);
      return false;
    }
    // Told and journaled, not a silent close: the client learns why.
    refusal = make_refusal(options_.envelope, {502, "proxy_pass_failed", "proxy_pass_failed"},
                           "CONNECT " + request->target + ": " + upstream.error().message);
  } else {
    refusal = make_refusal(
        options_.envelope, {403, "proxy_refused", "proxy_refused"},
        request->method != "CONNECT"
            ? "drivemock's proxy takes CONNECT only (HTTPS_PROXY), not " + request->method
            : "CONNECT " + request->target +
                  " refused: drivemock answers only the names its CA issues for, and passes "
                  "through only --proxy-pass hosts");
  }
  RequestView view;
  view.method = request->method;
  view.url = view.path = request->target;
  if (refused_) refused_(RefusedRequest{view, refusal, started});
  send_all(fd, closing_answer(refusal.reply), options_.request_timeout);
  ::close(fd);
  return false;
}

void HttpServer::stop() {
  if (stop_called_.exchange(true) || !thread_.joinable()) return;
  stopping_.trip();
  // Wakes every connection waiting for a request; answers in flight finish.
  uint64_t one = 1;
  [[maybe_unused]] ssize_t n = ::write(stop_fd_, &one, sizeof one);
  // stop() is a no-op until the listener thread runs; wait for it.
  while (!server_->is_running() && !stopped_.tripped()) std::this_thread::yield();
  server_->stop();
  thread_.join();
}

void HttpServer::wait() {
  stopped_.wait();
}

}  // namespace drivemock
