// Connection faults: what a client sees, what the journal says, and that no
// fault keeps the server from stopping.
#include <future>
#include <thread>

#include "e2e/server_fixture.h"
#include "eventually.h"
#include "paths.h"

using namespace drivemock::testing;

namespace {

const char* kFaultScript = R"(
directories:
  f:
    color:
      - {when: {color: reset}, respond: {fault: reset}}
      - {when: {color: empty}, respond: {fault: empty}}
      - {when: {color: malformed}, respond: {fault: malformed}}
      - {when: {color: hang}, respond: {fault: hang}}
      - {when: {color: slow}, respond: {delay_ms: 600000}}
)";

/// Waits (bounded) until the journal holds `n` entries.
void wait_for_entries(drivemock::Server& server, size_t n) {
  REQUIRE(eventually([&] { return server.journal().size() >= n; }));
}

/// Waits (bounded) until the engine has seen `n` color calls on uuid f.
void wait_for_calls(drivemock::Server& server, uint64_t n) {
  REQUIRE(eventually([&] { return server.engine().directory("f")->calls.at("color") >= n; }));
}

}  // namespace

TEST_CASE("reset, empty and malformed faults end the connection each in its own way") {
  RunningServer mock(kFaultScript);
  for (const char* fault : {"reset", "empty", "malformed"}) {
    INFO(fault);
    CHECK_FALSE(mock.color("f", fault));  // no valid answer for a real client
    std::string request =
        raw_post("/v3/dir/color", std::string(R"({"uuid":"f","color":")") + fault + R"("})");
    CHECK(ending_of(mock.server().port(), request) == fault);
  }
  std::string answered = raw_post("/v3/dir/color", R"({"uuid":"f","color":"x"})");
  answered.insert(answered.find("\r\n") + 2, "Connection: close\r\n");
  CHECK(ending_of(mock.server().port(), answered) == "http");
  auto journal = mock.requests();  // newest first
  REQUIRE(journal["requests"].Size() == 7);
  std::vector<std::string> faults;
  for (rapidjson::SizeType i = 1; i < 7; i += 2)
    faults.push_back(journal["requests"][i]["response"]["fault"].GetString());
  CHECK(faults == std::vector<std::string>{"malformed", "empty", "reset"});
  CHECK(journal["requests"][0]["response"]["fault"].IsNull());
}

TEST_CASE("the server keeps serving on the same port after faults") {
  RunningServer mock(kFaultScript);
  CHECK_FALSE(mock.color("f", "reset"));
  auto res = mock.color("f", "blue");
  REQUIRE(res);
  CHECK(res->status == 200);
}

TEST_CASE("a hang gives no answer until the client gives up") {
  RunningServer mock(kFaultScript);
  auto client = mock.client();
  client.set_read_timeout(0, 300000);
  auto res = client.Post("/v3/dir/color", R"({"uuid":"f","color":"hang"})", "application/json");
  CHECK_FALSE(res);
  CHECK(res.error() == httplib::Error::Read);
  CHECK(mock.trash("other")->status == 200);
}

TEST_CASE("a hang and a long delay never block shutdown") {
  RunningServer mock(kFaultScript);
  auto call = [&](const char* color) {
    return std::async(std::launch::async, [&mock, color] {
      auto client = mock.client();
      client.set_read_timeout(600, 0);
      return static_cast<bool>(client.Post("/v3/dir/color",
                                           std::string(R"({"uuid":"f","color":")") + color + "\"}",
                                           "application/json"));
    });
  };
  auto hanging = call("hang");
  auto slow = call("slow");
  wait_for_entries(mock.server(), 1);  // the hang is journaled at once
  wait_for_calls(mock.server(), 2);    // the delay has been chosen, its wait begun
  mock.server().stop();                // returns: the test would time out otherwise
  CHECK_FALSE(hanging.get());
  CHECK(slow.get());  // a request in flight still gets its answer
}

namespace {

const char* kDribble = R"(
directories:
  slow:
    trash:
      body: {status: success, message: Directory moved to trash., code: dir_trashed}
      dribble: {chunks: 4, over_ms: 2000}
  stuck:
    trash:
      body: {status: success, message: Directory moved to trash., code: dir_trashed}
      dribble: {chunks: 2, over_ms: 600000}
)";

const std::string kTrashed =
    R"({"status":"success","message":"Directory moved to trash.","code":"dir_trashed"})";

}  // namespace

TEST_CASE("dribble: a client that reads with a short time-out gives up mid-body") {
  RunningServer mock(kDribble);
  auto client = mock.client();
  client.set_read_timeout(0, 100000);  // 100 ms; the pieces come 500 ms apart
  auto res = client.Post("/v3/dir/trash", R"({"uuid":"slow"})", "application/json");
  CHECK_FALSE(res);
  CHECK(res.error() == httplib::Error::Read);
  // It was answered and journaled all the same, with the whole body.
  auto journal = mock.requests();
  CHECK(journal["requests"][0]["response"]["body"].GetString() == kTrashed);
}

TEST_CASE("dribble: a patient client gets the whole body, its length announced") {
  RunningServer mock(kDribble);
  auto res = mock.trash("slow");
  REQUIRE(res);
  CHECK(res->status == 200);
  CHECK(res->body == kTrashed);
  CHECK(res->get_header_value("Content-Length") == std::to_string(kTrashed.size()));
  CHECK(res->get_header_value_count("Content-Type") == 1);
}

TEST_CASE("dribble: a stop cuts it short, and the client still gets the whole body") {
  RunningServer mock(kDribble);
  std::optional<std::string> body;  // none: the request failed
  std::thread client([&] {          // its last piece is 10 minutes off
    auto res = mock.trash("stuck");
    if (res) body = res->body;
  });
  drivemock::RequestFilter trash;
  trash.uuid = "stuck";
  // Journaled before its answer is written: the body is on its way.
  REQUIRE(mock.server().wait_for(trash, 1, std::chrono::seconds(10)).value() == 1);
  mock.server().stop();
  client.join();
  CHECK(body == kTrashed);
}

TEST_CASE("example resilience: the slow body arrives whole, with the connection closed after it") {
  drivemock::ServerOptions options;
  options.scenario_paths = {drivemock::testing::scenarios_dir() + "/resilience.yaml"};
  RunningServer mock(options);
  auto res = mock.color("6f1c7e0a-0000-4000-8000-000000000013", "red");
  REQUIRE(res);
  CHECK(code_of(res) == "dir_color_changed");
  CHECK(res->get_header_value("Connection") == "close");
}
