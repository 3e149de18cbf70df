// Sessions over HTTP, what a hostile or careless caller cannot do: forged
// and unknown ids in the header and the query, the header on admin calls,
// sessions past the cap, bounds on names and sets, a session closed while
// its request is in flight, and the admin token.
#include <thread>

#include "e2e/session_helpers.h"

using namespace drivemock::testing;
using namespace drivemock::testing::sessions;

TEST_CASE(
    "a session header naming no session is refused with 404, as the admin API refuses it, and "
    "journaled") {
  RunningServer mock(kBaseline);
  auto forged = OpenSession{"0123456789abcdef0123456789abcdef", "", ""};
  auto res = trash(mock, forged, "shared", By::header);
  REQUIRE(res);
  CHECK(res->status == 404);
  CHECK(code_of(res) == "unknown_session");
  CHECK(res->body.find("0123456789abcdef0123456789abcdef") != std::string::npos);
  auto journal = mock.requests();
  REQUIRE(journal["requests"].Size() == 1);
  auto& refused = journal["requests"][0];
  CHECK(refused["response"]["status"].GetInt() == 404);
  // The same id on an admin call: one answer for an unknown session.
  auto admin = mock.admin("GET", "/__admin/directories?session=0123456789abcdef0123456789abcdef");
  REQUIRE(admin);
  CHECK(admin->status == 404);
  CHECK(code_of(admin) == "unknown_session");
  CHECK(std::string(refused["violations"][0]["rule"].GetString()) == "unknown_session");
}

TEST_CASE("a session header holding a key by mistake is refused without echoing it") {
  RunningServer mock(kBaseline);
  const std::string key(64, 'k');  // an apiKey's length: 64 hex digits
  auto res = trash(mock, OpenSession{key, "", ""}, "shared", By::header);
  REQUIRE(res);
  CHECK(res->status == 404);
  CHECK(code_of(res) == "unknown_session");
  CHECK(res->body.find(key) == std::string::npos);
  CHECK(res->body.find("64 characters") != std::string::npos);
  auto journal = mock.requests();
  REQUIRE(journal["requests"].Size() == 1);
  std::string message = journal["requests"][0]["violations"][0]["message"].GetString();
  CHECK(message.find(key) == std::string::npos);
  auto whole = mock.admin("GET", "/__admin/requests");  // nor its header, anywhere in the journal
  REQUIRE(whole);
  CHECK(whole->body.find(key) == std::string::npos);
}

TEST_CASE(
    "a closed session's id or apiKey is refused 410, journaled with its tag, never the "
    "baseline") {
  RunningServer mock(kBaseline);
  auto a = open_session(mock, "closing");
  trash(mock, a, "shared");
  mock.admin_json("DELETE", "/__admin/sessions/" + a.id);
  auto by_header = trash(mock, a, "shared", By::header);
  REQUIRE(by_header);
  CHECK(by_header->status == 410);
  CHECK(code_of(by_header) == "session_closed");
  CHECK(by_header->body.find("was closed at") != std::string::npos);
  // The SDK's way: its apiKey, in a call that outlived its test.
  auto by_key = trash(mock, a, "shared");
  REQUIRE(by_key);
  CHECK(by_key->status == 410);
  CHECK(code_of(by_key) == "session_closed");
  CHECK(by_key->body.find("(closing) was closed at") != std::string::npos);
  CHECK(by_key->body.find(a.key) == std::string::npos);  // the secret is not echoed
  // The baseline never answered them: its "shared" has no call.
  auto shared = mock.admin_json("GET", "/__admin/directories/shared");
  CHECK(shared["calls"]["trash"].GetInt() == 0);
  CHECK(std::string(shared["state"].GetString()) == "active");
  auto journal = mock.requests();
  REQUIRE(journal["requests"].Size() == 3);
  for (int i : {0, 1}) {  // newest first: the two refusals
    const auto& refused = journal["requests"][i];
    CHECK(refused["response"]["status"].GetInt() == 410);
    CHECK(std::string(refused["session"]["name"].GetString()) == "closing");
    CHECK(std::string(refused["violations"][0]["rule"].GetString()) == "session_closed");
  }
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

namespace {

/// Opens three sessions, the most `mock` holds, and checks that a fourth
/// is refused with `status` and `code`; the first session, and the refusal.
std::pair<OpenSession, httplib::Result> three_then_refused(const RunningServer& mock, int status,
                                                           const std::string& code) {
  auto first = open_session(mock, "first");
  open_session(mock);
  open_session(mock);
  auto refused = mock.admin("POST", "/__admin/sessions");
  REQUIRE(refused);
  CHECK(refused->status == status);
  CHECK(code_of(refused) == code);
  return {first, std::move(refused)};
}

}  // namespace

TEST_CASE("sessions past the cap are refused with 429 until one closes") {
  drivemock::ServerOptions options;
  options.scenario_texts = {kBaseline};
  options.max_sessions = 3;
  RunningServer mock(std::move(options));
  auto [first, refused] = three_then_refused(mock, 429, "too_many_sessions");
  mock.admin_json("DELETE", "/__admin/sessions/" + first.id);
  open_session(mock);
}

TEST_CASE("a list of sessions past the cap opens none of them") {
  drivemock::ServerOptions options;
  options.scenario_texts = {kBaseline};
  options.max_sessions = 3;
  RunningServer mock(std::move(options));
  open_session(mock);
  open_session(mock);
  auto refused =
      mock.admin("POST", "/__admin/sessions", R"({"sessions":[{"name":"x"},{"name":"y"}]})");
  REQUIRE(refused);
  CHECK(refused->status == 429);
  CHECK(code_of(refused) == "too_many_sessions");
  CHECK(refused->body.find("2 sessions are open") != std::string::npos);
  CHECK(mock.admin_json("GET", "/__admin/sessions")["sessions"].Size() == 2);
  mock.admin_json("POST", "/__admin/sessions", R"({"sessions":[{"name":"x"}]})", 201);
}

TEST_CASE("a list of sessions is checked whole before any opens, its errors naming the element") {
  RunningServer mock(kBaseline);
  auto refusal = [&](const std::string& body) {
    auto r = mock.admin("POST", "/__admin/sessions", body);
    REQUIRE(r);
    CHECK(r->status == 400);
    CHECK(code_of(r) == "invalid_params");
    return r->body;
  };
  CHECK(refusal(R"({"sessions":[]})").find("1 to 100") != std::string::npos);
  std::string many = R"({"sessions":[)";
  for (int i = 0; i < 101; ++i) many += std::string(i ? "," : "") + "{}";
  CHECK(refusal(many + "]}").find("1 to 100") != std::string::npos);
  CHECK(refusal(R"({"sessions":{"name":"a"}})").find("must be an array") != std::string::npos);
  CHECK(refusal(R"({"sessions":[{"name":"a"},"b"]})").find("sessions[1]: expected an object") !=
        std::string::npos);
  CHECK(refusal(R"({"sessions":[{"name":"a"},{"name":7}]})")
            .find("sessions[1]: name must be a string, found number") != std::string::npos);
  CHECK(refusal(R"({"sessions":[{"nmae":"a"}]})").find("sessions[0]: unknown key 'nmae'") !=
        std::string::npos);
  CHECK(refusal(R"({"sessions":[{"name":"a"}],"name":"b"})").find("no other key") !=
        std::string::npos);
  // One name too long: none opens.
  refusal(R"({"sessions":[{"name":"a"},{"name":")" + std::string(2000, 'n') + R"("}]})");
  // A value is named by its type, not echoed: an apiKey pasted by mistake stays out of the answer.
  CHECK(refusal(R"({"name":{"secret":"s3cr3t"}})").find("s3cr3t") == std::string::npos);
  CHECK(mock.admin_json("GET", "/__admin/sessions")["sessions"].Size() == 0);
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

TEST_CASE(
    "all sessions together stay within --max-session-bytes: 507 past it, room again at close") {
  drivemock::ServerOptions options;
  options.scenario_texts = {kBaseline};
  options.max_session_bytes = 2 << 20;  // a session counts 516 KiB: three fit
  RunningServer mock(std::move(options));
  auto [first, refused] = three_then_refused(mock, 507, "session_memory_full");
  CHECK(refused->body.find("--max-session-bytes") != std::string::npos);
  // A push the rest cannot hold (40 KiB of text, counted at 640 KiB) is
  // refused before it is built, and the session keeps what it had.
  std::string big = "directories:\n";
  while (big.size() < 40 * 1024)
    big += "  \"u" + std::to_string(big.size()) + "\": {trash: {http: 204}}\n";
  auto pushed = mock.admin("POST", "/__admin/scenarios?session=" + first.id + "&name=big", big);
  REQUIRE(pushed);
  CHECK(pushed->status == 507);
  CHECK(code_of(pushed) == "session_memory_full");
  CHECK(mock.admin_json("GET", "/__admin/scenarios?session=" + first.id)["scenarios"].Size() == 1);
  // A small push fits; deleting it gives its room back, as closing does a session's.
  for (int round = 0; round < 3; ++round) {
    mock.admin_json("POST", "/__admin/scenarios?session=" + first.id + "&name=small",
                    answer_for("x"));
    mock.admin_json("DELETE", "/__admin/scenarios/small?session=" + first.id);
  }
  mock.admin_json("DELETE", "/__admin/sessions/" + first.id);
  open_session(mock);
  CHECK(mock.admin("POST", "/__admin/sessions")->status == 507);
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

TEST_CASE("a session id never opened is 404 unknown_session on every call that reads by session") {
  RunningServer mock(kBaseline);
  auto closed = open_session(mock, "closed");
  trash(mock, closed, "shared");
  mock.admin_json("DELETE", "/__admin/sessions/" + closed.id);
  const std::string typo = "0123456789abcdef0123456789abcdef";
  struct Call {
    std::string method, path, body;
  };
  auto calls_for = [](const std::string& id) {
    std::string filter = R"({"session":")" + id + R"("})";
    return std::vector<Call>{
        {"GET", "/__admin/requests?session=" + id, ""},
        {"POST", "/__admin/requests/find", filter},
        {"POST", "/__admin/requests/count", filter},
        {"POST", "/__admin/requests/wait", R"({"session":")" + id + R"(","timeoutMs":0})"},
        {"POST", "/__admin/requests/verify-order", R"({"filters":[)" + filter + "]}"},
        {"GET", "/__admin/requests/unmatched?session=" + id, ""},
        {"GET", "/__admin/violations?session=" + id, ""},
        {"GET", "/__admin/events?session=" + id, ""},
        {"POST", "/__admin/pact", R"({"consumer":"c","provider":"p","session":")" + id + R"("})"},
    };
  };
  for (const auto& call : calls_for(typo)) {
    INFO(call.method << " " << call.path << " " << call.body);
    auto res = mock.admin(call.method, call.path, call.body);
    REQUIRE(res);
    CHECK(res->status == 404);
    CHECK(code_of(res) == "unknown_session");
    CHECK(res->body.find(typo) != std::string::npos);  // names the id it does not know
  }
  // A closed session's id still reads its entries: its test may assert after closing.
  for (const auto& call : calls_for(closed.id)) {
    INFO(call.method << " " << call.path);
    auto res = mock.admin(call.method, call.path, call.body);
    REQUIRE(res);
    CHECK(res->status != 404);
  }
  auto count =
      mock.admin_json("POST", "/__admin/requests/count", R"({"session":")" + closed.id + R"("})");
  CHECK(count["count"].GetInt() == 1);
}

TEST_CASE(
    "with --require-session, calls outside every session are refused 403 no_session, journaled") {
  drivemock::ServerOptions options;
  options.scenario_texts = {kBaseline};
  options.require_session = true;
  RunningServer mock(std::move(options));
  auto a = open_session(mock, "a");
  // Outside: no credential, a bearer that is no session's, a session's by mistake in the header.
  auto c = mock.client();
  auto bare = mock.trash("shared");
  auto other = c.Post("/v3/dir/trash", {{"Authorization", "Bearer someone-elses-key"}},
                      R"({"uuid":"shared"})", "application/json");
  for (const auto* res : {&bare, &other}) {
    REQUIRE(*res);
    CHECK((*res)->status == 403);
    CHECK(code_of(*res) == "no_session");
    CHECK((*res)->body.find("filenTestConfig({ apiKey: session.apiKey })") != std::string::npos);
  }
  CHECK(other->body.find("someone-elses-key") == std::string::npos);
  // Inside: served as ever.
  CHECK(trash(mock, a, "shared")->status == 200);
  CHECK(trash(mock, a, "shared", By::header)->status == 200);
  // The baseline never answered, and both refusals are in the journal.
  CHECK(mock.admin_json("GET", "/__admin/directories/shared")["calls"]["trash"].GetInt() == 0);
  auto violations = mock.admin_json("GET", "/__admin/violations");
  int refused = 0;
  for (const auto& e : violations["requests"].GetArray()) {
    refused += std::string(e["violations"][0]["rule"].GetString()) == "no_session";
  }
  CHECK(refused == 2);
}
