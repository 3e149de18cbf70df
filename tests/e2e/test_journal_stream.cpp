// GET /__admin/requests/stream: the journal as Server-Sent Events, read by a
// client the way a browser's EventSource reads it.
#include <poll.h>

#include <atomic>
#include <mutex>
#include <thread>

#include "e2e/server_fixture.h"
#include "eventually.h"

using namespace drivemock::testing;
using namespace std::chrono_literals;

namespace {

/// Reads a stream on a thread of its own and keeps what came, over a raw
/// connection: the reader ends itself (httplib's client can only be stopped
/// from another thread, which ThreadSanitizer reports inside the library).
class StreamReader {
 public:
  StreamReader(RunningServer& mock, const std::string& headers = "",
               const std::string& path = "/__admin/requests/stream")
      : connection_(mock.server().port()) {
    REQUIRE(
        connection_.send("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers + "\r\n"));
    thread_ = std::thread([this] { read(); });
  }
  ~StreamReader() {
    quit_ = true;
    thread_.join();
  }

  /// Whether `part` arrives within 5 s.
  bool receives(const std::string& part) {
    return eventually([&] { return text().find(part) != std::string::npos; }, 5s);
  }
  bool ends() {
    return eventually([&] { return ended_.load(); }, 5s);
  }
  std::string text() {
    std::lock_guard lock(mutex_);
    return text_;
  }
  /// The answer's status line.
  std::string status_line() {
    std::string all = text();
    return all.substr(0, all.find("\r\n"));
  }

 private:
  void read() {
    char buffer[4096];
    while (!quit_) {
      pollfd p{connection_.fd(), POLLIN, 0};
      if (::poll(&p, 1, 20) <= 0) continue;
      ssize_t n = ::recv(connection_.fd(), buffer, sizeof buffer, 0);
      if (n <= 0) break;  // closed by the server
      std::lock_guard lock(mutex_);
      text_.append(buffer, static_cast<size_t>(n));
    }
    ended_ = true;
  }

  RawConnection connection_;
  std::mutex mutex_;
  std::string text_;
  std::atomic<bool> quit_{false};
  std::atomic<bool> ended_{false};
  std::thread thread_;
};

}  // namespace

TEST_CASE("the stream sends each request as it is journaled, as an event with the entry's id") {
  RunningServer mock("name: s\ndirectories: {u: {trash: {http: 200}}}");
  mock.trash("before");  // id 1: before the stream opened, so not sent
  StreamReader stream(mock);
  REQUIRE(stream.receives("retry: 1000\n\n"));  // the head and first bytes: the stream is open
  CHECK(stream.status_line() == "HTTP/1.1 200 OK");
  CHECK(stream.text().find("\r\nContent-Type: text/event-stream\r\n") != std::string::npos);
  mock.trash("u");
  mock.color("v", "red");
  REQUIRE(stream.receives("id: 3\nevent: request\ndata: {\"id\":3,"));
  std::string text = stream.text();
  CHECK(text.find("id: 1\n") == std::string::npos);
  size_t second = text.find("id: 2\nevent: request\ndata: {\"id\":2,");
  REQUIRE(second != std::string::npos);
  CHECK(second < text.find("id: 3\n"));
  CHECK(text.find(R"("matched":{"scenario":"s","rule":1,"answer":1,"answers":1,)") !=
        std::string::npos);
}

TEST_CASE("a stream resumes after Last-Event-ID or since_id without a gap") {
  RunningServer mock;
  for (int i = 0; i < 4; ++i) mock.trash("u");
  StreamReader resumed(mock, "Last-Event-ID: 2\r\n");
  REQUIRE(resumed.receives("id: 4\n"));
  CHECK(resumed.text().find("id: 3\n") != std::string::npos);
  CHECK(resumed.text().find("id: 2\n") == std::string::npos);
  StreamReader listed(mock, "", "/__admin/requests/stream?since_id=3");
  REQUIRE(listed.receives("id: 4\n"));
  CHECK(listed.text().find("id: 3\n") == std::string::npos);
  // An id from an earlier run of the server: everything kept is new.
  StreamReader earlier(mock, "Last-Event-ID: 999\r\n");
  CHECK(earlier.receives("id: 1\n"));
}

TEST_CASE("a stream asked to start at a malformed id is refused with what was expected") {
  RunningServer mock;
  auto res = mock.client().Get("/__admin/requests/stream?since_id=abc");
  REQUIRE(res);
  CHECK(res->status == 400);
  CHECK(res->body.find("Query parameter since_id is 'abc'; expected a whole number") !=
        std::string::npos);
  res = mock.client().Get("/__admin/requests/stream", {{"Last-Event-ID", "-1"}});
  REQUIRE(res);
  CHECK(res->status == 400);
  CHECK(res->body.find("Header Last-Event-ID is '-1'") != std::string::npos);
}

TEST_CASE("with an admin token the stream needs it, and it sends secrets redacted") {
  drivemock::ServerOptions options;
  options.admin_token = "s3cret";
  RunningServer mock(options);
  StreamReader refused(mock);
  REQUIRE(refused.receives("\r\n\r\n"));
  CHECK(refused.status_line() == "HTTP/1.1 401 Unauthorized");
  StreamReader stream(mock, "Authorization: Bearer s3cret\r\n");
  REQUIRE(stream.receives("retry:"));
  mock.client().Post("/v3/dir/trash", {{"Authorization", "Bearer user-token"}}, R"({"uuid":"u"})",
                     "application/json");
  REQUIRE(stream.receives("id: 1\n"));
  CHECK(stream.text().find(R"("Authorization":"***")") != std::string::npos);
  CHECK(stream.text().find("user-token") == std::string::npos);
}

TEST_CASE("a stream whose reader stops reading never holds up the mock API") {
  RunningServer mock;
  RawConnection stalled(mock.server().port());  // asks for the stream, then never reads
  REQUIRE(stalled.send("GET /__admin/requests/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
  std::string head;  // read up to the stream's first line: it is open, from here on
  for (char byte; head.find("retry: 1000\n\n") == std::string::npos;) {
    REQUIRE(::recv(stalled.fd(), &byte, 1, 0) == 1);
    head += byte;
  }
  // 400 entries of over 60 KB each: 24 MB of events, far more than the
  // socket's buffers hold, so the stream's writes stall early on.
  const std::string pad(60 * 1024, 'x');
  auto client = mock.client();
  client.set_read_timeout(10, 0);  // a bound on a blocked server, never reached when it works
  int answered = 0;
  for (int i = 0; i < 400; ++i) {
    auto res = client.Post(
        "/v3/dir/color",
        R"({"uuid":"u)" + std::to_string(i) + R"(","color":"red","pad":")" + pad + R"("})",
        "application/json");
    if (res && res->status == 200) ++answered;
  }
  CHECK(answered == 400);
  CHECK(mock.admin_json("GET", "/__admin/requests?limit=1")["meta"]["total"].GetUint64() == 400);
  StreamReader reading(mock);  // and a stream that reads is served live meanwhile
  REQUIRE(reading.receives("retry: 1000"));
  mock.trash("after");
  CHECK(reading.receives("\"uuid\":\"after\""));
}

TEST_CASE("stopping the server ends an open stream") {
  RunningServer mock;
  StreamReader stream(mock);
  REQUIRE(stream.receives("retry:"));
  mock.server().stop();  // would wait for the stream's worker if nothing ended it
  CHECK(stream.ends());
}

TEST_CASE("the dashboard's page and files are served from the binary, and only from drivemock") {
  RunningServer mock;
  auto page = mock.client().Get("/__admin/ui");
  REQUIRE(page);
  CHECK(page->status == 200);
  CHECK(page->get_header_value("Content-Type") == "text/html; charset=utf-8");
  CHECK(page->get_header_value("Content-Security-Policy") ==
        "default-src 'self'; frame-ancestors 'none'");
  CHECK(page->body.find("<script src=\"/__admin/ui/dashboard.js\">") != std::string::npos);
  auto script = mock.client().Get("/__admin/ui/dashboard.js");
  REQUIRE(script);
  CHECK(script->get_header_value("Content-Type") == "text/javascript; charset=utf-8");
  CHECK(script->body.find("/__admin/requests/stream") != std::string::npos);
  auto missing = mock.client().Get("/__admin/ui/nothing.js");
  REQUIRE(missing);
  CHECK(missing->status == 404);
  CHECK(missing->body.find("The dashboard has no file 'nothing.js'") != std::string::npos);
  CHECK(mock.requests()["requests"].Empty());  // admin calls: not journaled
}

TEST_CASE("with an admin token the page loads without it, and everything it asks for needs it") {
  drivemock::ServerOptions options;
  options.admin_token = "s3cret";
  RunningServer mock(options);
  CHECK(mock.client().Get("/__admin/ui")->status == 200);
  CHECK(mock.client().Get("/__admin/ui/dashboard.css")->status == 200);
  CHECK(mock.client().Get("/__admin/health")->status == 401);
  CHECK(mock.client().Get("/__admin/requests/stream")->status == 401);
}
