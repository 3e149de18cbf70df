#pragma once
// End-to-end fixture: a real drivemock server started in-process on port 0,
// stopped in the destructor, and small helpers to call it over HTTP.

#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <rapidjson/document.h>
#include <sys/socket.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <string>

#include "drivemock/server.h"

namespace drivemock::testing {

class RunningServer {
 public:
  explicit RunningServer(std::string yaml = "directories: {}",
                         contract::Strictness strictness = contract::Strictness::lenient) {
    ServerOptions options;
    options.scenario_texts = {std::move(yaml)};
    options.strictness = strictness;
    start(std::move(options));
  }
  explicit RunningServer(ServerOptions options) { start(std::move(options)); }

  Server& server() { return *server_; }

  /// A fresh client (httplib clients serialise their requests).
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", server_->port());
    c.set_read_timeout(5, 0);
    c.set_tcp_nodelay(true);
    return c;
  }

  /// POSTs a JSON body to an operation's path with the contract's headers.
  httplib::Result post(const std::string& path, const std::string& body) const {
    return client().Post(path.c_str(), {{"Accept", "application/json"}}, body, "application/json");
  }
  httplib::Result color(const std::string& uuid, const std::string& color) const {
    return post("/v3/dir/color", R"({"uuid":")" + uuid + R"(","color":")" + color + R"("})");
  }
  httplib::Result trash(const std::string& uuid) const {
    return post("/v3/dir/trash", R"({"uuid":")" + uuid + R"("})");
  }

  /// An admin call; the body, if any, is sent as JSON.
  httplib::Result admin(const std::string& method, const std::string& path,
                        const std::string& body = "") const {
    auto c = client();
    if (method == "GET") return c.Get(path.c_str());
    if (method == "DELETE") return c.Delete(path.c_str());
    if (method == "PUT") return c.Put(path.c_str(), body, "application/json");
    return c.Post(path.c_str(), body, "application/json");
  }

  /// The JSON answer of an admin call that must succeed with `status`.
  rapidjson::Document admin_json(const std::string& method, const std::string& path,
                                 const std::string& body = "", int status = 200) const {
    auto res = admin(method, path, body);
    REQUIRE(res);
    INFO(res->body);
    REQUIRE(res->status == status);
    rapidjson::Document doc;
    doc.Parse(res->body.c_str());
    REQUIRE(doc.IsObject());
    return doc;
  }

  /// The journal as GET /__admin/requests returns it.
  rapidjson::Document requests(const std::string& query = "") const {
    auto res = client().Get(("/__admin/requests" + query).c_str());
    REQUIRE(res);
    REQUIRE(res->status == 200);
    rapidjson::Document doc;
    doc.Parse(res->body.c_str());
    REQUIRE(doc.IsObject());
    return doc;
  }

 private:
  void start(ServerOptions options) {
    auto started = Server::start(std::move(options));
    INFO(started.error);
    REQUIRE(started.server);
    server_ = std::move(started.server);
  }

  std::unique_ptr<Server> server_;
};

/// Sends `request` as is over a fresh loopback connection and returns all
/// the server sends back until it closes: for requests httplib's client
/// would not send.
inline std::string send_raw(int port, const std::string& request) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
  timeval timeout{10, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  REQUIRE(::send(fd, request.data(), request.size(), MSG_NOSIGNAL) ==
          static_cast<ssize_t>(request.size()));
  std::string answer;
  char buffer[4096];
  ssize_t n;
  while ((n = ::recv(fd, buffer, sizeof buffer, 0)) > 0)
    answer.append(buffer, static_cast<size_t>(n));
  ::close(fd);
  return answer;
}

/// Parses a JSON body; fails the test if it is not JSON.
inline rapidjson::Document parse_json(const std::string& text) {
  rapidjson::Document doc;
  doc.Parse(text.c_str());
  INFO(text);
  REQUIRE_FALSE(doc.HasParseError());
  return doc;
}

/// The `code` of an answer envelope.
inline std::string code_of(const httplib::Result& res) {
  REQUIRE(res);
  auto doc = parse_json(res->body);
  return doc.HasMember("code") ? doc["code"].GetString() : "";
}

}  // namespace drivemock::testing
