// Randomness you can replay (one_of, random delays, --seed): over HTTP,
// against the example in scenarios/resilience.yaml.
#include "e2e/server_fixture.h"
#include "paths.h"
#include "util/random.h"

using namespace drivemock::testing;

namespace {

const std::string kWeighted = "6f1c7e0a-0000-4000-8000-000000000010";
const std::string kUntilTrashed = "6f1c7e0a-0000-4000-8000-000000000011";

drivemock::ServerOptions resilience(std::optional<uint64_t> seed) {
  drivemock::ServerOptions options;
  options.scenario_paths = {drivemock::testing::scenarios_dir() + "/resilience.yaml"};
  options.seed = seed;
  return options;
}

/// Trash calls on the weighted uuid, then color calls (their delays are
/// drawn): each call's status and what its journal entry says was drawn.
std::vector<std::string> run(const RunningServer& mock) {
  for (int i = 0; i < 24; ++i) REQUIRE(mock.trash(kWeighted));
  for (int i = 0; i < 3; ++i) REQUIRE(mock.color(kWeighted, "red"));
  std::vector<std::string> calls;
  auto journal = mock.requests();
  for (const auto& entry : journal["requests"].GetArray()) {  // newest first
    calls.insert(calls.begin(), std::to_string(entry["response"]["status"].GetInt()) + " " +
                                    drivemock::json::to_string(entry["random"]));
  }
  return calls;
}

}  // namespace

TEST_CASE("servers with the same seed answer the same calls alike, and journal what they drew") {
  RunningServer first(resilience(2024));
  RunningServer second(resilience(2024));
  auto calls = run(first);
  CHECK(calls == run(second));
  REQUIRE(calls.size() == 27);
  CHECK(std::count(calls.begin(), calls.begin() + 24, R"(503 {"pick":1,"delayMs":null})") > 0);
  CHECK(std::count(calls.begin(), calls.begin() + 24, R"(200 {"pick":2,"delayMs":null})") > 0);
  for (size_t i = 24; i < calls.size(); ++i) {
    INFO(calls[i]);
    CHECK(calls[i].starts_with(R"(200 {"pick":null,"delayMs":)"));
  }
  RunningServer other(resilience(2025));
  CHECK(run(other) != calls);
}

TEST_CASE("health shows the seed, and a reset with a seed replays a server started with it") {
  RunningServer started_with(resilience(77));
  auto expected = run(started_with);
  RunningServer mock(resilience(5));
  CHECK(mock.admin_json("GET", "/__admin/health")["seed"].GetUint64() == 5);
  run(mock);
  mock.admin_json("POST", "/__admin/reset", R"({"seed": 77})");
  CHECK(mock.admin_json("GET", "/__admin/health")["seed"].GetUint64() == 77);
  CHECK(run(mock) == expected);
  // A reset without a seed keeps it and starts the streams again.
  mock.admin_json("POST", "/__admin/reset");
  CHECK(run(mock) == expected);
  // So does the in-process call.
  REQUIRE(mock.server().reset(77));
  CHECK(run(mock) == expected);
}

TEST_CASE("a reset with a bad seed is refused, and changes nothing") {
  RunningServer mock(resilience(9));
  REQUIRE(mock.trash(kWeighted));
  for (const char* body : {R"({"seed": -1})", R"({"seed": "7"})", R"({"seed": 1.5})",
                           R"({"seed": 9007199254740992})", R"({"sed": 7})", "{not json", "[]"}) {
    INFO(body);
    auto res = mock.admin("POST", "/__admin/reset", body);
    REQUIRE(res);
    CHECK(res->status == 400);
    CHECK(code_of(res) == "invalid_params");
  }
  CHECK(mock.admin("POST", "/__admin/reset", R"({"seed": -1})")->body ==
        R"({"status":"error","message":"seed must be a whole number from 0 to 9007199254740991, )"
        R"(found -1","code":"invalid_params"})");
  CHECK(mock.requests()["requests"].Size() == 1);
  CHECK(mock.admin_json("GET", "/__admin/health")["seed"].GetUint64() == 9);
  CHECK_FALSE(mock.server().reset(drivemock::kMaxSeed + 1));
  CHECK(mock.server().seed() == 9);
}

TEST_CASE("a server is started with a seed it can show, or refuses one out of range") {
  auto too_big = drivemock::Server::start(resilience(drivemock::kMaxSeed + 1));
  CHECK_FALSE(too_big.server);
  CHECK(too_big.error ==
        "seed 9007199254740992 is out of range; expected a whole number from 0 to "
        "9007199254740991 (JSON numbers past 2^53 - 1 lose digits in JavaScript)");
  RunningServer fresh(resilience(std::nullopt));
  CHECK(fresh.server().seed() <= drivemock::kMaxSeed);
  CHECK(fresh.admin_json("GET", "/__admin/health")["seed"].GetUint64() == fresh.server().seed());
}

TEST_CASE("example resilience: a one_of rule moves to trashed on the pick that succeeds") {
  RunningServer mock(resilience(31));
  std::vector<std::string> seen;
  for (int i = 0; i < 40 && (seen.empty() || seen.back() != "dir_trashed"); ++i) {
    auto res = mock.trash(kUntilTrashed);
    seen.push_back(res ? code_of(res) : "reset");
  }
  REQUIRE(seen.back() == "dir_trashed");
  CHECK(code_of(mock.trash(kUntilTrashed)) == "dir_already_trashed");
  for (size_t i = 0; i + 1 < seen.size(); ++i) {
    CHECK((seen[i] == "internal_error" || seen[i] == "reset"));
  }
}
