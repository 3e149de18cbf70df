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
#include <cctype>
#include <cerrno>
#include <string>
#include <string_view>

#include "drivemock/server.h"
#include "loopback.h"

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

/// A bare loopback TCP connection to a server, for what httplib's client
/// would not send: partial requests, byte-by-byte heads, early disconnects.
class RawConnection {
 public:
  explicit RawConnection(int port) : fd_(connect_loopback(port)) { REQUIRE(fd_ >= 0); }
  ~RawConnection() { close(); }
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;

  /// Sends all of `bytes`; false once the server has closed.
  bool send(std::string_view bytes) {
    return ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL) ==
           static_cast<ssize_t>(bytes.size());
  }
  /// True when the server has sent something (or closed) without waiting.
  bool answered() const {
    char byte;
    return ::recv(fd_, &byte, 1, MSG_PEEK | MSG_DONTWAIT) >= 0;
  }
  /// Everything the server sends until it closes (or the read fails: see
  /// read_error()).
  std::string read_to_end() {
    std::string answer;
    char buffer[4096];
    ssize_t n;
    while ((n = ::recv(fd_, buffer, sizeof buffer, 0)) > 0) answer.append(buffer, size_t(n));
    read_error_ = n < 0 ? errno : 0;
    return answer;
  }
  /// The errno that ended the last read_to_end (ECONNRESET for an RST), 0
  /// for a clean close.
  int read_error() const { return read_error_; }
  /// One whole answer (head and Content-Length body) on a kept-alive connection.
  std::string read_answer() {
    std::string answer;
    char byte;
    while (answer.find("\r\n\r\n") == std::string::npos && ::recv(fd_, &byte, 1, 0) == 1) {
      answer += byte;
    }
    auto at = answer.find("Content-Length: ");
    size_t length = at == std::string::npos ? 0 : std::stoul(answer.substr(at + 16));
    std::string body(length, '\0');
    for (size_t got = 0; got < length;) {
      ssize_t n = ::recv(fd_, body.data() + got, length - got, 0);
      if (n <= 0) break;
      got += size_t(n);
    }
    return answer + body;
  }
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  int fd() const { return fd_; }

 private:
  int fd_;
  int read_error_ = 0;
};

/// Sends `request` as is over a fresh loopback connection and returns all
/// the server sends back until it closes.
inline std::string send_raw(int port, const std::string& request) {
  RawConnection connection(port);
  REQUIRE(connection.send(request));
  return connection.read_to_end();
}

/// How a connection ended, as a client sees the four answers a fault can
/// give: "reset" (an RST), "empty" (closed with nothing sent), "malformed"
/// (bytes that are not an HTTP answer) or "http" (an answer).
inline std::string ending_of(int port, const std::string& request) {
  RawConnection connection(port);
  REQUIRE(connection.send(request));
  std::string bytes = connection.read_to_end();
  if (connection.read_error() == ECONNRESET) return "reset";
  if (connection.read_error() != 0) return "error " + std::to_string(connection.read_error());
  if (bytes.empty()) return "empty";
  bool status_line = bytes.size() > 13 && bytes.starts_with("HTTP/1.1 ") &&
                     std::isdigit(static_cast<unsigned char>(bytes[9])) &&
                     std::isdigit(static_cast<unsigned char>(bytes[10])) &&
                     std::isdigit(static_cast<unsigned char>(bytes[11])) && bytes[12] == ' ';
  return status_line ? "http" : "malformed";
}

/// A whole POST of `body` to `path`, as a client with keep-alive sends it.
inline std::string raw_post(const std::string& path, const std::string& body) {
  return "POST " + path +
         " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
         "Content-Length: " +
         std::to_string(body.size()) + "\r\n\r\n" + body;
}

/// True when a raw answer's status line has `status`.
inline bool is_status(const std::string& answer, int status) {
  return answer.rfind("HTTP/1.1 " + std::to_string(status) + " ", 0) == 0;
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
