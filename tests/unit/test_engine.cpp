#include <catch2/catch.hpp>
#include <latch>
#include <map>
#include <set>
#include <thread>

#include "scenario/engine.h"
#include "scenario/loader.h"

using namespace drivemock;
using namespace drivemock::scenario;

namespace {

Engine engine_for(const std::string& yaml, size_t unnamed_limit = Engine::kDefaultUnnamedLimit,
                  size_t unnamed_bytes = Engine::kDefaultUnnamedBytes) {
  auto set = parse_scenario(yaml, "t.yaml", "t");
  REQUIRE(set);
  auto catalog = build_catalog({*set});
  REQUIRE(catalog);
  return Engine(*catalog, unnamed_limit, unnamed_bytes);
}

const contract::Operation& op(const char* name) {
  return *contract::find_by_name(name);
}

rapidjson::Document body(const std::string& json) {
  rapidjson::Document d;
  d.Parse(json.c_str());
  return d;
}

int http_of(Engine& e, const char* operation, const std::string& uuid,
            const std::string& json = "{}") {
  return e.decide(op(operation), uuid, body(json)).answer->status;
}

}  // namespace

TEST_CASE("a trash with a built-in answer moves the uuid to trashed") {
  auto e = engine_for("directories: {}");
  e.decide(op("trash"), "u", body("{}"));
  CHECK(e.directory("u")->state == "trashed");
  CHECK(e.directory("u")->calls.at("trash") == 1);
}

TEST_CASE("a color answered 200 is stored") {
  auto e = engine_for("directories: {}");
  e.decide(op("color"), "u", body(R"({"uuid":"u","color":"red"})"));
  CHECK(e.directory("u")->attributes.at("color") == "red");
}

TEST_CASE("a trash on a trashed uuid answers the trashed rule") {
  auto e = engine_for(R"(
directories:
  u:
    trash:
      - {when: {state: trashed}, respond: {http: 409}}
      - respond: [{http: 503}, {http: 200}]
        then: trashed
)");
  CHECK(http_of(e, "trash", "u") == 503);
  CHECK(e.directory("u")->state == "active");  // no success, no move
  CHECK(http_of(e, "trash", "u") == 200);
  CHECK(e.directory("u")->state == "trashed");
  CHECK(http_of(e, "trash", "u") == 409);
}

TEST_CASE("the matched rule is reported 1-based with its scenario") {
  auto e = engine_for(
      "name: s\ndirectories: {u: {trash: [{when: {state: x}, respond: {}}, {respond: {}}]}}");
  auto d = e.decide(op("trash"), "u", body("{}"));
  REQUIRE(d.matched);
  CHECK(d.matched->scenario == "s");
  CHECK(d.matched->rule == 2);
  CHECK(d.named);
}

TEST_CASE("a uuid whose rules all fail to match gets the built-in answer") {
  auto e = engine_for("directories: {u: {trash: [{when: {state: x}, respond: {http: 500}}]}}");
  auto d = e.decide(op("trash"), "u", body("{}"));
  CHECK(d.answer->status == 200);
  CHECK_FALSE(d.matched);
}

TEST_CASE("unknown uuids are rejected with folder_not_found when a set says reject") {
  auto e = engine_for("unknown_uuids: reject\ndirectories: {known: {}}");
  auto d = e.decide(op("trash"), "other", body("{}"));
  CHECK(d.answer->body_text().find("folder_not_found") != std::string::npos);
  CHECK_FALSE(d.named);
  CHECK(e.directory("other")->state == "active");
  CHECK(e.decide(op("trash"), "known", body("{}")).answer->body_text().find("dir_trashed") !=
        std::string::npos);
}

TEST_CASE("initial states come from the scenario and reset restores them") {
  auto e = engine_for(
      "directories: {u: {state: trashed, trash: {respond: [{http: 500}, {http: 200}]}}}");
  CHECK(e.directory("u")->state == "trashed");
  CHECK(http_of(e, "trash", "u") == 500);
  e.reset();
  CHECK(http_of(e, "trash", "u") == 500);
  CHECK(e.directory("u")->calls.at("trash") == 1);
}

// The race tests start every thread on one latch and make many calls, so
// that without the per-uuid lock updates are lost on every run, not now and
// then (checked: lock removed, 20 runs, 20 failures).
namespace {

constexpr int kThreads = 8;
constexpr int kCallsEach = 20000;

/// How often each answer body came back when kThreads threads, started
/// together, each asked `uuid` kCallsEach times.
std::map<std::string, int> race(Engine& e, const char* operation, const std::string& uuid) {
  std::latch start(kThreads);
  std::vector<std::map<std::string, int>> seen(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      auto b = body("{}");
      start.arrive_and_wait();
      for (int i = 0; i < kCallsEach; ++i)
        ++seen[t][std::string(e.decide(op(operation), uuid, b).answer->body_text())];
    });
  }
  for (auto& t : threads) t.join();
  std::map<std::string, int> total;
  for (const auto& counts : seen)
    for (const auto& [answer, n] : counts) total[answer] += n;
  return total;
}

}  // namespace

TEST_CASE("parallel calls on one uuid take each sequence position once") {
  constexpr int kAnswers = 16;
  std::string answers;
  for (int i = 0; i < kAnswers; ++i) answers += "{body: {n: " + std::to_string(i) + "}},";
  auto e = engine_for("directories: {u: {color: {respond: [" + answers + "], cycle: true}}}");
  auto total = race(e, "color", "u");
  // A cycled sequence answered in strict turn gives every answer equally often.
  REQUIRE(total.size() == kAnswers);
  for (const auto& [answer, n] : total) {
    INFO(answer);
    CHECK(n == kThreads * kCallsEach / kAnswers);
  }
  CHECK(e.directory("u")->calls.at("color") == kThreads * kCallsEach);
}

TEST_CASE("parallel calls on one uuid move its state one call at a time") {
  // Each answer flips the state, so with calls in strict turn the two
  // answers alternate; two calls reading the same state would break the tie.
  auto e = engine_for(R"(directories: {u: {trash: [
      {when: {state: active}, respond: {body: {code: to_trashed}}, then: trashed},
      {when: {state: trashed}, respond: {body: {code: to_active}}, then: active}]}})");
  auto total = race(e, "trash", "u");
  CHECK(total ==
        std::map<std::string, int>{{R"({"code":"to_active"})", kThreads * kCallsEach / 2},
                                   {R"({"code":"to_trashed"})", kThreads * kCallsEach / 2}});
  CHECK(e.directory("u")->state == "active");
}

TEST_CASE("only the newest unnamed uuids keep their state, named ones always do") {
  auto e = engine_for("directories: {named: {trash: {http: 200}}}", 2);
  http_of(e, "trash", "named");
  for (const char* uuid : {"u1", "u2", "u3"}) http_of(e, "trash", uuid);
  CHECK(e.directory("u1")->calls.at("trash") == 0);  // first seen longest ago: forgotten
  CHECK(e.directory("u1")->state == "active");
  CHECK(e.directory("u2")->state == "trashed");
  CHECK(e.directory("u3")->state == "trashed");
  CHECK(e.directory("named")->state == "trashed");
  http_of(e, "trash", "u1");  // starts over
  CHECK(e.directory("u1")->calls.at("trash") == 1);
}

TEST_CASE("unnamed uuids keep their state within the byte budget, their stored colors counted") {
  // Room for three slots of 2-byte uuids, or one with a 1,000-byte color.
  size_t three = 3 * (2 + Engine::kSlotBytes);
  auto e = engine_for("directories: {}", Engine::kDefaultUnnamedLimit, three);
  for (const char* uuid : {"u1", "u2", "u3"}) http_of(e, "trash", uuid);
  CHECK(e.directory("u1")->state == "trashed");  // three fit
  http_of(e, "trash", "u4");
  CHECK(e.directory("u1")->state == "active");  // the fourth pushed the first out
  CHECK(e.directory("u2")->state == "trashed");
  http_of(e, "color", "u3", R"({"color":")" + std::string(1000, 'c') + R"("})");
  http_of(e, "trash", "u5");  // u3's color counts: u2 and u3 make room
  CHECK(e.directory("u2")->state == "active");
  CHECK(e.directory("u3")->attributes.count("color") == 0);
  CHECK(e.directory("u4")->state == "trashed");
  CHECK(e.directory("u5")->state == "trashed");
}

TEST_CASE("states set by the admin API count in the unnamed uuids' budget, and are bounded") {
  // Room for ten slots of 3-byte uuids: fewer when each holds a long state.
  auto e =
      engine_for("directories: {}", Engine::kDefaultUnnamedLimit, 10 * (3 + Engine::kSlotBytes));
  const std::string state(1000, 's');
  for (int i = 0; i < 40; ++i) REQUIRE(e.set_state("u" + std::to_string(10 + i), state));
  int kept = 0;
  for (int i = 0; i < 40; ++i) kept += e.directory("u" + std::to_string(10 + i))->state == state;
  CHECK(kept <= 5);  // (3 + 920 + 1000) bytes each
  CHECK(kept >= 4);
  CHECK(e.directory("u49")->state == state);  // the newest stay
  // Past the bounds, nothing changes and the reason is given.
  auto too_long = e.set_state("u10", std::string(Engine::kMaxStateBytes + 1, 's'));
  REQUIRE_FALSE(too_long);
  CHECK(too_long.error().message == "the state is 1025 bytes; at most 1024 are kept");
  CHECK(e.set_state("u10", std::string(Engine::kMaxStateBytes, 's')));
  auto long_uuid = e.set_state(std::string(Engine::kMaxRememberedUuidBytes + 1, 'u'), "x");
  REQUIRE_FALSE(long_uuid);
  CHECK(e.uuids("uuu", 10).second == 0);
}

TEST_CASE("a long unnamed uuid is answered but not remembered, a long color not stored") {
  auto e = engine_for("directories: {}");
  std::string long_uuid(Engine::kMaxRememberedUuidBytes + 1, 'u');
  auto decision = e.decide(op("trash"), long_uuid, body("{}"));
  CHECK(decision.answer->status == 200);
  REQUIRE(decision.violations.size() == 1);
  CHECK(decision.violations[0].rule == "field_length");
  CHECK(e.uuids("", 10).second == 0);
  CHECK(e.directory(long_uuid)->calls.at("trash") == 0);
  std::string at_bound(Engine::kMaxRememberedUuidBytes, 'u');
  CHECK(e.decide(op("trash"), at_bound, body("{}")).violations.empty());
  CHECK(e.uuids("", 10).second == 1);

  auto long_color = e.decide(
      op("color"), "d",
      body(R"({"color":")" + std::string(Engine::kMaxStoredFieldBytes + 1, 'c') + R"("})"));
  REQUIRE(long_color.violations.size() == 1);
  CHECK(long_color.violations[0].message.starts_with("Field 'color' is 1025 bytes long"));
  CHECK(e.directory("d")->attributes.count("color") == 0);
}

namespace {

const char* kRandomScenario = R"(
directories:
  d1:
    trash:
      one_of:
        - {http: 503, weight: 1}
        - {http: 200, delay_ms: {uniform: [0, 1000]}, weight: 1}
  d2:
    trash:
      one_of: [{http: 500}, {http: 502}, {http: 200}]
)";

/// What one call drew, as text: "pick/delay".
std::string drawn(Engine& e, const std::string& uuid) {
  auto decision = e.decide(op("trash"), uuid, body("{}"));
  REQUIRE(decision.random);
  return std::to_string(decision.random->pick.value_or(0)) + "/" +
         std::to_string(decision.random->delay_ms.value_or(-1));
}

}  // namespace

TEST_CASE("the same seed and the same calls per uuid draw the same, however uuids interleave") {
  auto first = engine_for(kRandomScenario);
  auto second = engine_for(kRandomScenario);
  first.set_seed(7);
  second.set_seed(7);
  std::map<std::string, std::vector<std::string>> a, b;
  for (int i = 0; i < 20; ++i) a["d1"].push_back(drawn(first, "d1"));
  for (int i = 0; i < 20; ++i) a["d2"].push_back(drawn(first, "d2"));
  for (int i = 0; i < 20; ++i) {  // the other order, call by call
    b["d2"].push_back(drawn(second, "d2"));
    b["d1"].push_back(drawn(second, "d1"));
  }
  CHECK(a == b);
  std::set<std::string> distinct(a["d1"].begin(), a["d1"].end());
  CHECK(distinct.size() > 5);  // picks and delays vary from call to call
}

TEST_CASE("another seed draws otherwise, and a reset starts the streams again") {
  auto e = engine_for(kRandomScenario);
  e.set_seed(7);
  std::vector<std::string> seven, eight, again;
  for (int i = 0; i < 20; ++i) seven.push_back(drawn(e, "d1"));
  e.set_seed(8);
  e.reset();
  for (int i = 0; i < 20; ++i) eight.push_back(drawn(e, "d1"));
  e.set_seed(7);
  e.reset();
  for (int i = 0; i < 20; ++i) again.push_back(drawn(e, "d1"));
  CHECK(seven != eight);
  CHECK(seven == again);
}

TEST_CASE("a drawn delay replaces the answer's delay, and the pick is noted 1-based") {
  auto e = engine_for(R"(
directories:
  u:
    trash: {http: 200, delay_ms: {uniform: [40, 40]}}
    color: {one_of: [{http: 201, weight: 0}, {http: 202}]}
)");
  contract::Classified trash;
  trash.operation = &op("trash");
  trash.checked.uuid = "u";
  trash.checked.body.Parse("{}");
  Reply reply = e.answer(trash, e.catalog());
  CHECK(reply.delay_ms == 40);
  const auto& random = trash.seen.scripting().random;
  REQUIRE(random);
  CHECK(random->delay_ms == 40);
  CHECK_FALSE(random->pick);
  auto color = e.decide(op("color"), "u", body("{}"));
  CHECK(color.answer->status == 202);
  CHECK(color.random->pick == 2);
  CHECK_FALSE(color.random->delay_ms);
  CHECK_FALSE(e.decide(op("trash"), "unnamed", body("{}")).random);  // nothing drawn
}

TEST_CASE("a one_of rule's then moves the state only when the picked answer succeeds") {
  auto e = engine_for(R"(
directories:
  u:
    trash:
      - {when: {state: trashed}, respond: {http: 409}}
      - respond: {one_of: [{http: 503}, {http: 200}]}
        then: trashed
)");
  e.set_seed(3);
  int failures_before_success = 0;
  while (http_of(e, "trash", "u") == 503) ++failures_before_success;
  CHECK(e.directory("u")->state == "trashed");
  CHECK(http_of(e, "trash", "u") == 409);
  CHECK(e.directory("u")->calls.at("trash") == static_cast<uint64_t>(failures_before_success + 2));
}

TEST_CASE("a catalog swapped in while calls are decided: each call reads one whole catalog") {
  // Every request reads the catalog under a lock readers share (engine.h):
  // a swap must never hand a call half of one. Under TSan, a read without
  // the lock is reported as a race.
  auto catalog_answering = [](const std::string& message) {
    auto set = parse_scenario(
        "directories: {u: {trash: {respond: {body: {message: " + message + "}}}}}", "t.yaml", "t");
    REQUIRE(set);
    auto catalog = build_catalog({*set});
    REQUIRE(catalog);
    return *catalog;
  };
  auto first = catalog_answering("first");
  auto second = catalog_answering("second");
  Engine e(first);
  std::atomic<bool> swapped_enough{false};
  std::thread swapper([&] {
    for (int i = 0; i < 2000; ++i) e.replace_catalog(i % 2 ? first : second, Restart::none);
    swapped_enough = true;
  });
  std::set<std::string> seen;
  auto b = body("{}");
  while (!swapped_enough)
    seen.insert(std::string(e.decide(op("trash"), "u", b).answer->body_text()));
  swapper.join();
  CHECK(e.catalog() == first);
  for (const auto& answer : seen) {
    CHECK((answer.find("first") != std::string::npos) !=
          (answer.find("second") != std::string::npos));
  }
}
