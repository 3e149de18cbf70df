// The engine's choice of answer as a pure function (scenario/decision.h): a
// uuid's state goes in, the answer and the change come out, and the state is
// left as it was; the same call in the same state chooses the same, and a
// rate limit's window decides alone (scenario/rate_limiter.h: refusal_of).
#include <catch2/catch.hpp>

#include "scenario/decision.h"
#include "scenario/loader.h"
#include "scenario/rate_limiter.h"

using namespace drivemock;
using namespace drivemock::scenario;

namespace {

std::shared_ptr<const Catalog> catalog_of(const std::string& yaml) {
  auto set = parse_scenario(yaml, "t.yaml", "t", {Dialect::service});
  REQUIRE(set);
  auto catalog = build_catalog({*set}, Envelope(Dialect::service));
  REQUIRE(catalog);
  return *catalog;
}

rapidjson::Document json_body(const std::string& json) {
  rapidjson::Document d;
  d.Parse(json.c_str());
  return d;
}

const contract::Operation& op(const char* name) {
  return *contract::find_by_name(name);
}

std::string code_of(const Decision& d) {
  std::string body(d.rendered ? d.rendered->body_text() : d.answer->body_text());
  auto at = body.find("\"code\":\"");
  if (at == std::string::npos) return body;
  at += 8;
  return body.substr(at, body.find('"', at) - at);
}

/// The choice for one call on `uuid` in `state`; the state must not change.
Decision choice(const Catalog& catalog, const char* operation, const std::string& uuid,
                const std::string& json, const DirectoryState& state, uint64_t seed = 1) {
  auto body = json_body(json);
  DirectoryState before = state;
  Decision decision = decide({catalog, op(operation), uuid, catalog.find(uuid), body, state, seed});
  CHECK(state.state == before.state);
  CHECK(state.positions == before.positions);
  CHECK(state.draws == before.draws);
  CHECK(state.attributes == before.attributes);
  return decision;
}

DirectoryState started(const std::string& state, const char* op_name) {
  DirectoryState d;
  d.started = true;
  d.state = state;
  d.calls[op_name] = 1;
  return d;
}

const char* kScript = R"(
directories:
  seq:
    trash:
      - respond:
          - {http: 503, body: {status: false, code: internal_error}}
          - {body: {status: true, code: dir_trashed}}
  dice:
    color:
      one_of:
        - {body: {status: true, code: one}}
        - {body: {status: true, code: two}}
        - {body: {status: true, code: three}}
  moved:
    trash:
      - {when: {state: exists}, respond: {body: {status: true, code: gone}}, then: archived}
  echo:
    color: {body: {status: true, code: "{{now}} #{{calls}}"}, template: true}
)";

}  // namespace

TEST_CASE("a sequence answers by the position the state gives, and the change moves it on") {
  auto catalog = catalog_of(kScript);
  DirectoryState fresh = started("exists", "trash");
  Decision first = choice(*catalog, "trash", "seq", "{}", fresh);
  CHECK(code_of(first) == "internal_error");
  REQUIRE(first.change.advanced);
  CHECK(first.change.advanced->first == Script::own);
  CHECK(first.change.advanced->second == 0);
  // A 503 is no success: the state stays.
  CHECK_FALSE(first.change.state);

  DirectoryState after_one = fresh;
  after_one.positions["trash"] = {1};
  Decision second = choice(*catalog, "trash", "seq", "{}", after_one);
  CHECK(code_of(second) == "dir_trashed");
  REQUIRE(second.change.state);
  CHECK(*second.change.state == "trashed");
}

TEST_CASE("a rule's then, and the built-in model's color, come back as the change") {
  auto catalog = catalog_of(kScript);
  Decision moved = choice(*catalog, "trash", "moved", "{}", started("exists", "trash"));
  CHECK(code_of(moved) == "gone");
  REQUIRE(moved.change.state);
  CHECK(*moved.change.state == "archived");
  // Not in its state: no rule matches, a near miss says why, the built-in answers.
  Decision missed = choice(*catalog, "trash", "moved", "{}", started("trashed", "trash"));
  CHECK(missed.near_misses.size() == 1);
  CHECK_FALSE(missed.matched);
  Decision colored = choice(*catalog, "color", "plain", R"({"uuid":"plain","color":"red"})",
                            started("exists", "color"));
  REQUIRE(colored.change.stored);
  CHECK(*colored.change.stored == "red");
  std::string long_color(kMaxStoredFieldBytes + 1, 'c');
  Decision too_long =
      choice(*catalog, "color", "plain", R"({"uuid":"plain","color":")" + long_color + R"("})",
             started("exists", "color"));
  CHECK_FALSE(too_long.change.stored);
  REQUIRE(too_long.violations.size() == 1);
  CHECK(too_long.violations[0].rule == "field_length");
}

TEST_CASE("a one_of draws from where the state's stream stands: the same state picks the same") {
  auto catalog = catalog_of(kScript);
  DirectoryState state = started("exists", "color");
  std::vector<std::string> picks;
  for (int i = 0; i < 12; ++i) {
    Decision d = choice(*catalog, "color", "dice", "{}", state, 42);
    CHECK(d.change.drawn == 1);
    CHECK_FALSE(d.change.advanced);
    CHECK(code_of(choice(*catalog, "color", "dice", "{}", state, 42)) == code_of(d));
    picks.push_back(code_of(d));
    state.draws["color"] += d.change.drawn;
  }
  // Twelve draws from the stream are not all one answer.
  CHECK(std::count(picks.begin(), picks.end(), picks[0]) < 12);
}

TEST_CASE("a template's time is the clock the call gives") {
  auto catalog = catalog_of(kScript);
  auto body = json_body("{}");
  DirectoryState state = started("exists", "color");
  CallInState call{
      *catalog, op("color"), "echo", catalog->find("echo"),
      body,     state,       1,      [] { return std::chrono::system_clock::time_point{}; }};
  Decision d = decide(call);
  CHECK(code_of(d) == "1970-01-01T00:00:00.000Z #1");
}

TEST_CASE(
    "a call a limit refuses gets the limit's 429 and when to retry, moves nothing, and is told "
    "what it meant") {
  auto catalog = catalog_of(std::string(kScript) + "limits:\n  - {calls: 1, per_ms: 60000}\n");
  auto body = json_body("{}");
  DirectoryState state = started("exists", "trash");
  CallInState call{*catalog, op("trash"), "seq", catalog->find("seq"), body, state, 1};
  call.limited = RateLimiter::Refusal{0, std::chrono::milliseconds(1500)};
  Decision refused = decide(call);
  REQUIRE(refused.limited);
  CHECK(refused.limited->index == 1);
  REQUIRE(refused.rendered);
  CHECK(refused.rendered->status == 429);
  const std::string* retry = find_header(refused.rendered->header_list(), "Retry-After");
  REQUIRE(retry);
  CHECK(*retry == "2");  // whole seconds, rounded up
  CHECK_FALSE(refused.matched);
  CHECK_FALSE(refused.change.advanced);
  CHECK_FALSE(refused.change.state);
  CHECK(refused.change.drawn == 0);
  CHECK(refused.named);
  // A uuid no scenario names, refused: the suggestion the engine found comes back.
  CallInState typo{*catalog, op("trash"), "seg", nullptr, body, state, 1};
  typo.limited = call.limited;
  typo.did_you_mean = "seq";
  Decision told = decide(typo);
  CHECK_FALSE(told.named);
  CHECK(told.did_you_mean == std::optional<std::string>("seq"));
}

TEST_CASE("a rate limit's window refuses by its own content alone, saying how long to wait") {
  Limit limit;
  limit.calls = 2;
  limit.per_ms = 1000;
  using std::chrono::milliseconds;
  RateLimiter::Time t0{};
  std::deque<RateLimiter::Time> admitted;
  CHECK_FALSE(refusal_of(limit, admitted, t0));
  admitted = {t0, t0 + milliseconds(400)};
  auto wait = refusal_of(limit, admitted, t0 + milliseconds(500));
  REQUIRE(wait);
  CHECK(*wait == milliseconds(500));
  // Once the oldest has left the window (per_ms old), a call gets in again.
  CHECK_FALSE(refusal_of(limit, admitted, t0 + milliseconds(1000)));
  // Calls older than the window do not count, however many.
  std::deque<RateLimiter::Time> old(100, t0);
  old.push_back(t0 + milliseconds(1500));
  CHECK_FALSE(refusal_of(limit, old, t0 + milliseconds(1600)));
}
