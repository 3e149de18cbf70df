#include "http/http_server.h"

#include <sys/socket.h>

#include <cerrno>
#include <charconv>
#include <cstring>

#include "http/connection_faults.h"

namespace drivemock {
namespace {

constexpr int kListenBacklog = 4096;
constexpr time_t kKeepAliveIdleSeconds = 5;
constexpr size_t kKeepAliveRequests = 1'000'000'000;  // the connection's life
constexpr size_t kMinThreads = 128;

}  // namespace

bool body_too_large(const httplib::Request& request, size_t max_body) {
  const std::string length = request.get_header_value("Content-Length");
  size_t announced = 0;
  auto [end, ec] = std::from_chars(length.data(), length.data() + length.size(), announced);
  return !length.empty() && (ec == std::errc::result_out_of_range || announced > max_body);
}

size_t HttpServer::default_threads() {
  return std::max<size_t>(kMinThreads, 4 * std::thread::hardware_concurrency());
}

HttpServer::HttpServer(HttpServerOptions options, Handler given) : options_(std::move(options)) {
  // In flight from the handler's start until the library has written the
  // answer (its logger runs then), so that stop() leaves those connections be.
  Handler handler = [this, given](const httplib::Request& req, httplib::Response& res) {
    begin_request(req);
    given(req, res);
  };
  server_.set_logger(
      [this](const httplib::Request& req, const httplib::Response&) { end_request(req); });
  // One catch-all route per method: routing is drivemock's own (contract
  // table, admin route table), so that unknown paths get its JSON 404.
  server_.Get(".*", handler);
  server_.Post(".*", handler);
  server_.Put(".*", handler);
  server_.Patch(".*", handler);
  server_.Delete(".*", handler);
  server_.Options(".*", handler);
  // A POST without Content-Length (`curl -X POST url`) would make the library
  // read a body until the client closes, then answer an empty 400. Such a
  // request has no body: serve it before the library tries to read one.
  // A body over --max-body is not read at all: the handler answers at once and
  // the connection closes, since the unread bytes would follow the answer.
  size_t max_body = options_.max_body;
  server_.set_pre_routing_handler(
      [handler, max_body](const httplib::Request& req, httplib::Response& res) {
        bool takes_body = req.method == "POST" || req.method == "PUT" || req.method == "PATCH";
        bool no_body =
            takes_body && !req.has_header("Content-Length") && !req.has_header("Transfer-Encoding");
        bool too_large = body_too_large(req, max_body);
        if (!no_body && !too_large) return httplib::Server::HandlerResponse::Unhandled;
        handler(req, res);
        if (too_large) res.set_header("Connection", "close");
        return httplib::Server::HandlerResponse::Handled;
      });
  configure();
}

HttpServer::~HttpServer() {
  stop();
}

void HttpServer::configure() {
  size_t threads = options_.threads == 0 ? default_threads() : options_.threads;
  server_.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  server_.set_tcp_nodelay(true);
  server_.set_payload_max_length(options_.max_body);  // chunked bodies: the library's 413
  server_.set_keep_alive_max_count(kKeepAliveRequests);
  server_.set_keep_alive_timeout(kKeepAliveIdleSeconds);
  // Replaces the library's SO_REUSEPORT, with which a second server on the
  // same port would start without error and silently share the traffic.
  server_.set_socket_options([this](int fd) {
    int yes = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    listen_fd_ = fd;
  });
  server_.set_exception_handler(
      [](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
        res.status = 500;
        res.set_content(R"({"status":"error","message":"internal error","code":"internal_error"})",
                        "application/json");
      });
}

std::optional<std::string> HttpServer::start() {
  errno = 0;
  bool bound = options_.port == 0 ? (port_ = server_.bind_to_any_port(options_.host)) > 0
                                  : server_.bind_to_port(options_.host, port_ = options_.port);
  if (!bound) {
    std::string why = errno != 0 ? std::strerror(errno) : "the address is taken or invalid";
    return "cannot listen on " + options_.host + ":" + std::to_string(options_.port) + ": " + why;
  }
  // The library listens with a backlog of 5; a burst of clients then sees
  // dropped SYNs and second-long connect tails. listen() again raises it.
  if (listen_fd_ >= 0) ::listen(listen_fd_, kListenBacklog);
  thread_ = std::thread([this] {
    server_.listen_after_bind();
    stopped_.trip();
  });
  return std::nullopt;
}

void HttpServer::begin_request(const httplib::Request& req) {
  std::lock_guard lock(in_flight_mutex_);
  in_flight_.emplace(req.remote_addr, req.remote_port);
}

void HttpServer::end_request(const httplib::Request& req) {
  std::lock_guard lock(in_flight_mutex_);
  auto it = in_flight_.find({req.remote_addr, req.remote_port});
  if (it != in_flight_.end()) in_flight_.erase(it);
}

bool HttpServer::busy(const std::string& host, int port) const {
  std::lock_guard lock(in_flight_mutex_);
  return in_flight_.count({host, port}) > 0;
}

void HttpServer::stop() {
  if (stop_called_.exchange(true) || !thread_.joinable()) return;
  stopping_.trip();
  // stop() is a no-op until the listener thread runs; wait for it.
  while (!server_.is_running() && !stopped_.tripped()) std::this_thread::yield();
  server_.stop();
  end_idle_connections(port_,
                       [this](const std::string& host, int port) { return busy(host, port); });
  thread_.join();
}

void HttpServer::wait() {
  stopped_.wait();
}

}  // namespace drivemock
