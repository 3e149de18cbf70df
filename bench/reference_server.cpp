// The reference for bench/: the least a server on drivemock's own stack can
// do per request (cpp-httplib with the same tuning, RapidJSON parsing the body,
// a fixed JSON answer). drivemock's figures are reported as ratios to it.
#include <httplib.h>
#include <rapidjson/document.h>
#include <sys/socket.h>

#include <cstdio>
#include <string>
#include <thread>

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
      return;
    }
    res.set_content(body, "application/json");
  };
}

}  // namespace

int main(int argc, char** argv) {
  int port = argc > 1 ? std::stoi(argv[1]) : 0;
  size_t threads = argc > 2 ? std::stoul(argv[2]) : 128;
  httplib::Server server;
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
  std::printf("reference listening on http://127.0.0.1:%d\n", port);
  std::fflush(stdout);
  server.listen_after_bind();
  return 0;
}
