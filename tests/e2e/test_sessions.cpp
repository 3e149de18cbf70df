// Sessions over HTTP: one per test, keyed by the client's own bearer or by
// X-Drivemock-Session; each with its own pushed sets, states, sequences,
// rate-limit windows and draws over the shared baseline, and a journal that
// says which session each request belonged to. (What a hostile or careless
// caller cannot do with them: test_session_refusals.cpp.)
#include <latch>
#include <thread>

#include "e2e/session_helpers.h"

using namespace drivemock::testing;
using namespace drivemock::testing::sessions;

TEST_CASE("POST /__admin/sessions opens a session: 201 with id, name and an apiKey") {
  RunningServer mock(kBaseline);
  auto a = open_session(mock, "suite > test a");
  auto b = open_session(mock);
  CHECK(a.name == "suite > test a");
  CHECK(b.name == "session-2");
  CHECK(a.id != b.id);
  CHECK(a.key.size() == 64);
  auto list = mock.admin_json("GET", "/__admin/sessions");
  REQUIRE(list["sessions"].Size() == 2);
  CHECK(std::string(list["sessions"][0]["id"].GetString()) == a.id);
  CHECK(mock.admin_json("GET", "/__admin/sessions/" + b.id)["name"].GetString() == b.name);
}

TEST_CASE("POST /__admin/sessions with a list opens one session per name, in order, in one call") {
  RunningServer mock(kBaseline);
  auto doc = mock.admin_json("POST", "/__admin/sessions",
                             R"({"sessions":[{"name":"file > a"},{},{"name":"file > c"}]})", 201);
  REQUIRE(doc["sessions"].Size() == 3);
  std::vector<OpenSession> opened;
  for (const auto& s : doc["sessions"].GetArray()) {
    opened.push_back({s["id"].GetString(), s["name"].GetString(), s["apiKey"].GetString()});
  }
  CHECK(opened[0].name == "file > a");
  CHECK(opened[1].name == "session-2");
  CHECK(opened[2].name == "file > c");
  CHECK(opened[0].id != opened[2].id);
  CHECK(opened[0].key != opened[2].key);
  // Each is a session of its own, as one opened alone is.
  mock.admin_json("POST", "/__admin/scenarios?session=" + opened[0].id + "&name=own",
                  answer_for("first_own"));
  CHECK(code_of(trash(mock, opened[0], "shared")) == "first_own");
  CHECK(code_of(trash(mock, opened[2], "shared")) == "baseline_answer");
  CHECK(mock.admin_json("GET", "/__admin/sessions")["sessions"].Size() == 3);
}

TEST_CASE("two sessions script the same uuid differently and each sees only its own") {
  RunningServer mock(kBaseline);
  auto a = open_session(mock, "a");
  auto b = open_session(mock, "b");
  mock.admin_json("POST", "/__admin/scenarios?session=" + a.id, answer_for("from_a"));
  mock.admin_json("POST", "/__admin/scenarios?session=" + b.id, answer_for("from_b"));
  constexpr int kCalls = 20;
  std::latch start(2);
  std::vector<std::string> seen_a, seen_b;
  std::thread ta([&] {
    start.arrive_and_wait();
    for (int i = 0; i < kCalls; ++i) seen_a.push_back(code_in(trash(mock, a, "shared")));
  });
  std::thread tb([&] {
    start.arrive_and_wait();
    for (int i = 0; i < kCalls; ++i) {
      seen_b.push_back(code_in(trash(mock, b, "shared", By::header)));
    }
  });
  ta.join();
  tb.join();
  CHECK(seen_a == std::vector<std::string>(kCalls, "from_a"));
  CHECK(seen_b == std::vector<std::string>(kCalls, "from_b"));
  // Outside sessions, and a bearer that is no session's key: the baseline.
  CHECK(code_of(mock.trash("shared")) == "baseline_answer");
  auto stranger = OpenSession{"", "", "the-apps-own-api-key"};
  CHECK(code_of(trash(mock, stranger, "shared")) == "baseline_answer");
  // Each session lists its own set; the baseline lists none of them.
  auto listed = mock.admin_json("GET", "/__admin/scenarios?session=" + a.id);
  CHECK(listed["scenarios"].Size() == 2);
  CHECK(mock.admin_json("GET", "/__admin/scenarios")["scenarios"].Size() == 1);
}

TEST_CASE("states, stored colors and sequence positions are each session's own") {
  RunningServer mock(kBaseline);
  auto a = open_session(mock, "a");
  auto b = open_session(mock, "b");
  // The baseline's sequence starts over in every session.
  CHECK(trash(mock, a, "seq")->status == 503);
  CHECK(trash(mock, a, "seq")->status == 200);
  CHECK(trash(mock, b, "seq")->status == 503);
  CHECK(mock.trash("seq")->status == 503);
  REQUIRE(call(mock, a, "/v3/dir/color", R"({"uuid":"d1","color":"red"})")->status == 200);
  auto in_a = mock.admin_json("GET", "/__admin/directories/d1?session=" + a.id);
  auto in_b = mock.admin_json("GET", "/__admin/directories/d1?session=" + b.id);
  auto outside = mock.admin_json("GET", "/__admin/directories/d1");
  CHECK(std::string(in_a["color"].GetString()) == "red");
  CHECK(in_b["color"].IsNull());
  CHECK(outside["color"].IsNull());
  mock.admin_json("PUT", "/__admin/directories/d1/state?session=" + b.id, R"({"state":"trashed"})");
  CHECK(std::string(mock.admin_json("GET", "/__admin/directories/d1?session=" + b.id)["state"]
                        .GetString()) == "trashed");
  CHECK(std::string(mock.admin_json("GET", "/__admin/directories/d1")["state"].GetString()) ==
        "active");
}

TEST_CASE("a rate-limit window counts each session's calls apart") {
  RunningServer mock(kBaseline);
  auto a = open_session(mock, "a");
  auto b = open_session(mock, "b");
  CHECK(trash(mock, a, "limited")->status == 200);
  CHECK(trash(mock, a, "limited")->status == 200);
  CHECK(trash(mock, a, "limited")->status == 429);
  CHECK(trash(mock, b, "limited")->status == 200);
  CHECK(mock.trash("limited")->status == 200);
  // A reset session's window is empty again; the other's is untouched.
  mock.admin_json("POST", "/__admin/sessions/" + a.id + "/reset");
  CHECK(trash(mock, a, "limited")->status == 200);
  CHECK(trash(mock, b, "limited")->status == 200);
  CHECK(trash(mock, b, "limited")->status == 429);
}

TEST_CASE("a session's draws follow the seed and its name, whatever ran beside it") {
  auto draws = [](bool with_neighbour) {
    drivemock::ServerOptions options;
    options.scenario_texts = {kBaseline};
    options.seed = 42;
    RunningServer mock(std::move(options));
    if (with_neighbour) {
      auto other = open_session(mock, "neighbour");
      for (int i = 0; i < 7; ++i)
        call(mock, other, "/v3/dir/color", R"({"uuid":"dice","color":"x"})");
      for (int i = 0; i < 5; ++i) mock.color("dice", "x");
    }
    auto s = open_session(mock, "suite > rolls dice");
    std::vector<std::string> seen;
    for (int i = 0; i < 12; ++i) {
      seen.push_back(code_of(call(mock, s, "/v3/dir/color", R"({"uuid":"dice","color":"x"})")));
    }
    return seen;
  };
  auto alone = draws(false);
  CHECK(draws(true) == alone);
  // Not every pick alike: the stream is a real one.
  CHECK(std::set<std::string>(alone.begin(), alone.end()).size() > 1);
}

TEST_CASE("two sessions of the same name are two sessions that draw alike") {
  RunningServer mock(kBaseline);
  auto a = open_session(mock, "retried test");
  auto b = open_session(mock, "retried test");
  CHECK(a.id != b.id);
  mock.admin_json("POST", "/__admin/scenarios?session=" + a.id, answer_for("only_a"));
  CHECK(code_of(trash(mock, b, "shared")) == "baseline_answer");
  std::vector<std::string> from_a, from_b;
  for (int i = 0; i < 8; ++i) {
    from_a.push_back(code_of(call(mock, a, "/v3/dir/color", R"({"uuid":"dice","color":"x"})")));
    from_b.push_back(code_of(call(mock, b, "/v3/dir/color", R"({"uuid":"dice","color":"x"})")));
  }
  CHECK(from_a == from_b);
}

TEST_CASE("every journal entry says its session, and session is a member of every filter") {
  RunningServer mock(kBaseline);
  auto a = open_session(mock, "a");
  auto b = open_session(mock, "b");
  trash(mock, a, "shared");
  trash(mock, a, "typo-uuid");
  trash(mock, b, "shared");
  mock.trash("shared");
  auto all = mock.requests();
  REQUIRE(all["requests"].Size() == 4);
  CHECK(all["requests"][0]["session"].IsNull());
  CHECK(std::string(all["requests"][3]["session"]["name"].GetString()) == "a");
  CHECK(mock.requests("?session=" + a.id)["requests"].Size() == 2);
  std::string in_a = R"({"session":")" + a.id + R"("})";
  CHECK(mock.admin_json("POST", "/__admin/requests/count", in_a)["count"].GetInt() == 2);
  CHECK(mock.admin_json("POST", "/__admin/requests/find", in_a)["requests"].Size() == 2);
  CHECK(mock.admin_json("POST", "/__admin/requests/wait",
                        R"({"count":1,"timeoutMs":0,"session":")" + b.id + R"("})")["count"]
            .GetInt() == 1);
  mock.admin_json("POST", "/__admin/requests/verify-order",
                  R"({"filters":[{"session":")" + a.id + R"(","uuid":"shared"},{"session":")" +
                      a.id + R"(","uuid":"typo-uuid"}]})");
  auto unmatched = mock.admin_json("GET", "/__admin/requests/unmatched?session=" + a.id);
  REQUIRE(unmatched["requests"].Size() == 1);
  CHECK(std::string(unmatched["requests"][0]["uuid"].GetString()) == "typo-uuid");
  CHECK(mock.admin_json("GET", "/__admin/violations?session=" + a.id)["requests"].Size() == 0);
  // Closed, its entries stay, tagged, and the filters still read them.
  mock.admin_json("DELETE", "/__admin/sessions/" + a.id);
  CHECK(mock.admin_json("POST", "/__admin/requests/count", in_a)["count"].GetInt() == 2);
  CHECK(mock.requests("?session=" + a.id)["requests"].Size() == 2);
}

TEST_CASE("a session reset drops its sets and restarts its states, and its journal entries stay") {
  RunningServer mock(kBaseline);
  auto a = open_session(mock, "a");
  mock.admin_json("POST", "/__admin/scenarios?session=" + a.id, answer_for("mine"));
  CHECK(code_of(trash(mock, a, "shared")) == "mine");
  CHECK(trash(mock, a, "seq")->status == 503);
  auto reset = mock.admin_json("POST", "/__admin/sessions/" + a.id + "/reset");
  CHECK(reset["sets"].Empty());
  CHECK(code_of(trash(mock, a, "shared")) == "baseline_answer");
  CHECK(trash(mock, a, "seq")->status == 503);
  CHECK(mock.requests("?session=" + a.id)["requests"].Size() == 4);
}

TEST_CASE("the baseline applies under every session's own sets, and its changes reach them") {
  RunningServer mock(kBaseline);
  auto a = open_session(mock, "a");
  auto b = open_session(mock, "b");
  mock.admin_json("POST", "/__admin/scenarios?session=" + a.id, answer_for("mine"));
  // A push outside sessions: every request's, sessions' too, under their own sets.
  mock.admin_json("POST", "/__admin/scenarios",
                  std::string("name: global\n") + answer_for("global"));
  CHECK(code_of(trash(mock, a, "shared")) == "mine");
  CHECK(code_of(trash(mock, b, "shared")) == "global");
  CHECK(code_of(mock.trash("shared")) == "global");
  // The global reset is the baseline's: sessions keep their sets.
  mock.admin_json("POST", "/__admin/reset");
  CHECK(code_of(trash(mock, a, "shared")) == "mine");
  CHECK(code_of(trash(mock, b, "shared")) == "baseline_answer");
  // A session deletes its own sets only.
  auto refused = mock.admin("DELETE", "/__admin/scenarios/baseline?session=" + a.id);
  REQUIRE(refused);
  CHECK(refused->status == 409);
  CHECK(code_of(mock.trash("shared")) == "baseline_answer");
}

TEST_CASE("a baseline push or a global reset leaves a session's states and positions as they are") {
  RunningServer mock(kBaseline);
  auto a = open_session(mock, "a");
  CHECK(trash(mock, a, "seq")->status == 503);
  mock.admin_json("PUT", "/__admin/directories/seq/state?session=" + a.id, R"({"state":"mine"})");
  mock.admin_json("POST", "/__admin/scenarios", std::string("name: global\n") + answer_for("g"));
  mock.admin_json("POST", "/__admin/reset");
  CHECK(std::string(mock.admin_json("GET", "/__admin/directories/seq?session=" + a.id)["state"]
                        .GetString()) == "mine");
  CHECK(trash(mock, a, "seq")->status == 200);  // the sequence's second answer
  CHECK(mock.trash("seq")->status == 503);      // the baseline's restarted
}

TEST_CASE("admin changes are events in the timeline, in order with the requests") {
  RunningServer mock(kBaseline);
  mock.trash("shared");
  auto a = open_session(mock, "a");
  mock.admin_json("POST", "/__admin/scenarios?session=" + a.id + "&name=mine", answer_for("m"));
  trash(mock, a, "shared");
  mock.admin_json("PUT", "/__admin/directories/d1/state?session=" + a.id, R"({"state":"gone"})");
  mock.admin_json("POST", "/__admin/sessions/" + a.id + "/reset");
  mock.admin_json("DELETE", "/__admin/sessions/" + a.id);
  mock.admin_json("POST", "/__admin/reset");
  auto timeline = mock.admin_json("GET", "/__admin/events");
  auto events = timeline["events"].GetArray();
  std::vector<std::string> kinds;
  for (const auto& e : events) kinds.push_back(e["kind"].GetString());
  CHECK(kinds == std::vector<std::string>{"session-opened", "push", "state", "session-reset",
                                          "session-closed", "reset"});
  CHECK(events[0]["afterRequest"].GetInt() == 1);
  CHECK(events[2]["afterRequest"].GetInt() == 2);
  CHECK(std::string(events[1]["details"]["set"].GetString()) == "mine");
  CHECK(std::string(events[1]["session"]["id"].GetString()) == a.id);
  CHECK(events[5]["session"].IsNull());
  auto only_a = mock.admin_json("GET", "/__admin/events?session=" + a.id);
  CHECK(only_a["events"].Size() == 5);
  // `requests` answers requests only, as before.
  CHECK(mock.requests()["requests"].Size() == 0);
}
