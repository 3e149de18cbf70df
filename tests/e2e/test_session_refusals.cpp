// Sessions over HTTP, what a hostile or careless caller cannot do: forged
// and unknown ids in the header and the query, the header on admin calls,
// sessions past the cap, bounds on names and sets, a session closed while
// its request is in flight, and the admin token.
#include <thread>

#include "e2e/session_helpers.h"

using namespace drivemock::testing;
using namespace drivemock::testing::sessions;

TEST_CASE("a session header naming no open session is refused with 400 and journaled") {
  RunningServer mock(kBaseline);
  auto a = open_session(mock, "closing");
  mock.admin_json("DELETE", "/__admin/sessions/" + a.id);
  auto forged = OpenSession{"0123456789abcdef0123456789abcdef", "", ""};
  auto res = trash(mock, forged, "shared", By::header);
  REQUIRE(res);
  CHECK(res->status == 400);
  CHECK(code_of(res) == "unknown_session");
  CHECK(res->body.find("0123456789abcdef0123456789abcdef") != std::string::npos);
  auto closed = trash(mock, a, "shared", By::header);
  CHECK(closed->status == 400);
  CHECK(closed->body.find("was closed at") != std::string::npos);
  // A closed session's key is no session's any more: an ordinary request.
  CHECK(code_of(trash(mock, a, "shared")) == "baseline_answer");
  auto journal = mock.requests();
  REQUIRE(journal["requests"].Size() == 3);
  auto& refused = journal["requests"][2];
  CHECK(refused["response"]["status"].GetInt() == 400);
  CHECK(std::string(refused["violations"][0]["rule"].GetString()) == "unknown_session");
}

TEST_CASE("?session= naming no open session: 404 unknown, 410 closed, and nothing changes") {
  RunningServer mock(kBaseline);
  auto a = open_session(mock, "a");
  mock.admin_json("DELETE", "/__admin/sessions/" + a.id);
  auto unknown = mock.admin("POST", "/__admin/scenarios?session=forged", answer_for("x"));
  CHECK(unknown->status == 404);
  CHECK(unknown->body.find("forged") != std::string::npos);
  auto closed = mock.admin("POST", "/__admin/scenarios?session=" + a.id, answer_for("x"));
  CHECK(closed->status == 410);
  CHECK(code_of(mock.trash("shared")) == "baseline_answer");
  CHECK(mock.admin("PUT", "/__admin/directories/d/state?session=forged", R"({"state":"x"})")
            ->status == 404);
  CHECK(mock.admin("POST", "/__admin/sessions/forged/reset")->status == 404);
  CHECK(mock.admin("DELETE", "/__admin/sessions/" + a.id)->status == 410);
}

TEST_CASE("calls that act on the whole server refuse ?session= and the session header") {
  RunningServer mock(kBaseline);
  auto a = open_session(mock, "a");
  mock.admin_json("POST", "/__admin/scenarios?session=" + a.id, answer_for("mine"));
  trash(mock, a, "shared");
  CHECK(mock.admin("POST", "/__admin/reset?session=" + a.id)->status == 400);
  CHECK(mock.admin("DELETE", "/__admin/requests?session=" + a.id)->status == 400);
  auto c = mock.client();
  auto with_header =
      c.Post("/__admin/reset", {{"X-Drivemock-Session", a.id}}, "{}", "application/json");
  REQUIRE(with_header);
  CHECK(with_header->status == 400);
  CHECK(with_header->body.find("?session=ID") != std::string::npos);
  // Nothing was reset: the journal and the session's set are as they were.
  CHECK(mock.requests()["requests"].Size() == 1);
  CHECK(code_of(trash(mock, a, "shared")) == "mine");
}

TEST_CASE("sessions past the cap are refused with 429 until one closes") {
  drivemock::ServerOptions options;
  options.scenario_texts = {kBaseline};
  options.max_sessions = 3;
  RunningServer mock(std::move(options));
  auto first = open_session(mock);
  open_session(mock);
  open_session(mock);
  auto refused = mock.admin("POST", "/__admin/sessions");
  REQUIRE(refused);
  CHECK(refused->status == 429);
  CHECK(code_of(refused) == "too_many_sessions");
  mock.admin_json("DELETE", "/__admin/sessions/" + first.id);
  open_session(mock);
}

TEST_CASE("a session's name and its pushed sets are bounded") {
  RunningServer mock(kBaseline);
  auto long_name =
      mock.admin("POST", "/__admin/sessions", R"({"name":")" + std::string(2000, 'n') + R"("})");
  CHECK(long_name->status == 400);
  CHECK(mock.admin("POST", "/__admin/sessions", R"({"name":7})")->status == 400);
  CHECK(mock.admin("POST", "/__admin/sessions", R"({"nmae":"x"})")->status == 400);
  auto a = open_session(mock, "a");
  for (int i = 0; i < 32; ++i) {
    mock.admin_json("POST", "/__admin/scenarios?session=" + a.id + "&name=s" + std::to_string(i),
                    answer_for("x"));
  }
  auto over =
      mock.admin("POST", "/__admin/scenarios?session=" + a.id + "&name=s32", answer_for("x"));
  CHECK(over->status == 429);
  // A set named as a baseline set is a set more: it does not replace one of its own.
  CHECK(mock.admin("POST", "/__admin/scenarios?session=" + a.id + "&name=baseline", answer_for("x"))
            ->status == 429);
  // Replacing one of its sets is no new set.
  mock.admin_json("POST", "/__admin/scenarios?session=" + a.id + "&name=s0", answer_for("y"));
}

TEST_CASE("a session closed while its request waits out a delay: the request ends as scripted") {
  RunningServer mock(kBaseline);
  auto a = open_session(mock, "a");
  mock.admin_json("POST", "/__admin/scenarios?session=" + a.id,
                  "directories:\n  slow:\n    trash: {body: {code: slow_done}, delay_ms: 400}\n");
  std::string slow;
  std::thread caller([&] { slow = code_in(trash(mock, a, "slow")); });
  // Closed while the request is inside drivemock: wait until it is (the
  // call count moves before the delay).
  for (int i = 0; i < 2000; ++i) {
    auto d = mock.admin_json("GET", "/__admin/directories/slow?session=" + a.id);
    if (d["calls"]["trash"].GetInt() == 1) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  mock.admin_json("DELETE", "/__admin/sessions/" + a.id);
  caller.join();
  CHECK(slow == "slow_done");
  auto entries = mock.requests("?session=" + a.id);
  REQUIRE(entries["requests"].Size() == 1);
  CHECK(std::string(entries["requests"][0]["session"]["name"].GetString()) == "a");
}

TEST_CASE("the admin token guards the session calls") {
  drivemock::ServerOptions options;
  options.scenario_texts = {kBaseline};
  options.admin_token = "s3cret";
  RunningServer mock(std::move(options));
  CHECK(mock.admin("POST", "/__admin/sessions")->status == 401);
  CHECK(mock.admin("GET", "/__admin/sessions")->status == 401);
  CHECK(mock.admin("GET", "/__admin/events")->status == 401);
}
