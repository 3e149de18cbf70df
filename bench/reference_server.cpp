// The reference for bench/: the least a server on drivemock's own stack can
// do per request (cpp-httplib with the same tuning, RapidJSON parsing the body,
// a fixed JSON answer). drivemock's figures are reported as ratios to it.
// Its answers follow drivemock's compression rule (http/compression.h), so
// that traffic offering Accept-Encoding compares like with like: the
// library alone would brotli-compress every 60-byte answer.
// With --tls CERT KEY it is cpp-httplib's own SSLServer with that
// certificate and key (bench/tls-handshakes: new TLS connections per second).
// Usage: bench_reference [PORT [THREADS]] [--tls CERT KEY]
#include <httplib.h>
#include <rapidjson/document.h>
#include <sys/socket.h>

#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "http/compression.h"

namespace {

constexpr const char* kColor =
    R"({"status":"success","message":"Directory color changed.","code":"dir_color_changed"})";
constexpr const char* kTrash =
    R"({"status":"success","message":"Directory moved to trash.","code":"dir_trashed"})";

httplib::Server::Handler answer(const char* body) {
  return [body](const httplib::Request& req, httplib::Response& res) {
    rapidjson::Document doc;
    doc.Parse(req.body.data(), req.body.size());
    if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("uuid")) {
      res.status = 400;
      res.set_content(R"({"status":"error","code":"invalid_params"})", "application/json");
    } else {
      res.set_content(body, "application/json");
    }
    drivemock::settle_encoding(drivemock::CompressionPolicy(), req, res);
  };
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::unique_ptr<httplib::Server> made;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] != "--tls") continue;
    if (i + 2 >= args.size()) return 2;
    made = std::make_unique<httplib::SSLServer>(args[i + 1].c_str(), args[i + 2].c_str());
    if (!made->is_valid()) return 1;
    args.erase(args.begin() + static_cast<long>(i), args.begin() + static_cast<long>(i) + 3);
    break;
  }
  if (!made) made = std::make_unique<httplib::Server>();
  httplib::Server& server = *made;
  int port = args.size() > 0 ? std::stoi(args[0]) : 0;
  size_t threads = args.size() > 1 ? std::stoul(args[1]) : 128;
  server.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  server.set_tcp_nodelay(true);
  server.set_keep_alive_max_count(1'000'000'000);
  int listen_fd = -1;
  server.set_socket_options([&](int fd) {
    int yes = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    listen_fd = fd;
  });
  server.Post("/v3/dir/color", answer(kColor));
  server.Post("/v3/dir/trash", answer(kTrash));
  server.Get("/__admin/health", [](const httplib::Request&, httplib::Response& res) {
    res.set_content(R"({"status":"healthy"})", "application/json");
  });
  if (port == 0) {
    port = server.bind_to_any_port("127.0.0.1");
  } else if (!server.bind_to_port("127.0.0.1", port)) {
    port = -1;
  }
  if (port <= 0) return 1;
  ::listen(listen_fd, 4096);
  std::printf("reference listening on %s://127.0.0.1:%d\n",
              dynamic_cast<httplib::SSLServer*>(made.get()) ? "https" : "http", port);
  std::fflush(stdout);
  server.listen_after_bind();
  return 0;
}
