// Connection faults: what a client sees, what the journal says, and that no
// fault keeps the server from stopping.
#include <future>
#include <thread>

#include "e2e/server_fixture.h"
#include "eventually.h"

using namespace drivemock::testing;

namespace {

const char* kFaults = R"(
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
  RunningServer mock(kFaults);
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
  RunningServer mock(kFaults);
  CHECK_FALSE(mock.color("f", "reset"));
  auto res = mock.color("f", "blue");
  REQUIRE(res);
  CHECK(res->status == 200);
}

TEST_CASE("a hang gives no answer until the client gives up") {
  RunningServer mock(kFaults);
  auto client = mock.client();
  client.set_read_timeout(0, 300000);
  auto res = client.Post("/v3/dir/color", R"({"uuid":"f","color":"hang"})", "application/json");
  CHECK_FALSE(res);
  CHECK(res.error() == httplib::Error::Read);
  CHECK(mock.trash("other")->status == 200);
}

TEST_CASE("a hang and a long delay never block shutdown") {
  RunningServer mock(kFaults);
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
