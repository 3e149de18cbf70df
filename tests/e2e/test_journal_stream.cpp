// GET /__admin/requests/stream: the journal as Server-Sent Events, read by a
// client the way a browser's EventSource reads it.
#include <atomic>
#include <mutex>
#include <thread>

#include "e2e/server_fixture.h"
#include "eventually.h"

using namespace drivemock::testing;
using namespace std::chrono_literals;

namespace {

/// Reads a stream on a thread of its own and keeps what came.
class StreamReader {
 public:
  StreamReader(RunningServer& mock, httplib::Headers headers = {},
               std::string path = "/__admin/requests/stream")
      : client_(mock.client()) {
    client_.set_read_timeout(60, 0);
    thread_ = std::thread([this, headers = std::move(headers), path = std::move(path)] {
      auto result = client_.Get(
          path.c_str(), headers,
          [this](const httplib::Response& head) {
            std::lock_guard lock(mutex_);
            status_ = head.status;
            content_type_ = head.get_header_value("Content-Type");
            return true;
          },
          [this](const char* data, size_t size) {
            std::lock_guard lock(mutex_);
            text_.append(data, size);
            return true;
          });
      std::lock_guard lock(mutex_);
      if (result && status_ == 0) status_ = result->status;
      ended_ = true;
    });
  }
  ~StreamReader() {
    client_.stop();  // shuts the socket: the Get returns
    thread_.join();
  }

  /// Whether `part` arrives within 5 s.
  bool receives(const std::string& part) {
    return eventually(
        [&] {
          std::lock_guard lock(mutex_);
          return text_.find(part) != std::string::npos;
        },
        5s);
  }
  bool ends() {
    return eventually([&] { return ended_.load(); }, 5s);
  }
  std::string text() {
    std::lock_guard lock(mutex_);
    return text_;
  }
  int status() {
    std::lock_guard lock(mutex_);
    return status_;
  }
  std::string content_type() {
    std::lock_guard lock(mutex_);
    return content_type_;
  }

 private:
  httplib::Client client_;
  std::mutex mutex_;
  std::string text_;
  int status_ = 0;
  std::string content_type_;
  std::atomic<bool> ended_{false};
  std::thread thread_;
};

}  // namespace

TEST_CASE("the stream sends each request as it is journaled, as an event with the entry's id") {
  RunningServer mock("name: s\ndirectories: {u: {trash: {http: 200}}}");
  mock.trash("before");  // id 1: before the stream opened, so not sent
  StreamReader stream(mock);
  REQUIRE(stream.receives("retry: 1000\n\n"));  // the head and first bytes: the stream is open
  CHECK(stream.status() == 200);
  CHECK(stream.content_type() == "text/event-stream");
  mock.trash("u");
  mock.color("v", "red");
  REQUIRE(stream.receives("id: 3\nevent: request\ndata: {\"id\":3,"));
  std::string text = stream.text();
  CHECK(text.find("id: 1\n") == std::string::npos);
  size_t second = text.find("id: 2\nevent: request\ndata: {\"id\":2,");
  REQUIRE(second != std::string::npos);
  CHECK(second < text.find("id: 3\n"));
  CHECK(text.find(R"("matched":{"scenario":"s","rule":1})") != std::string::npos);
}

TEST_CASE("a stream resumes after Last-Event-ID or since_id without a gap") {
  RunningServer mock;
  for (int i = 0; i < 4; ++i) mock.trash("u");
  StreamReader resumed(mock, {{"Last-Event-ID", "2"}});
  REQUIRE(resumed.receives("id: 4\n"));
  CHECK(resumed.text().find("id: 3\n") != std::string::npos);
  CHECK(resumed.text().find("id: 2\n") == std::string::npos);
  StreamReader listed(mock, {}, "/__admin/requests/stream?since_id=3");
  REQUIRE(listed.receives("id: 4\n"));
  CHECK(listed.text().find("id: 3\n") == std::string::npos);
  // An id from an earlier run of the server: everything kept is new.
  StreamReader earlier(mock, {{"Last-Event-ID", "999"}});
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
  REQUIRE(refused.ends());
  CHECK(refused.status() == 401);
  StreamReader stream(mock, {{"Authorization", "Bearer s3cret"}});
  REQUIRE(stream.receives("retry:"));
  mock.client().Post("/v3/dir/trash", {{"Authorization", "Bearer user-token"}}, R"({"uuid":"u"})",
                     "application/json");
  REQUIRE(stream.receives("id: 1\n"));
  CHECK(stream.text().find(R"("Authorization":"***")") != std::string::npos);
  CHECK(stream.text().find("user-token") == std::string::npos);
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
  CHECK(page->get_header_value("Content-Security-Policy") == "default-src 'self'");
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
