// Rate limits (`limits:`) over HTTP: 429 with Retry-After and the error
// envelope, journaled with the limit that refused the call, exact under
// parallel clients.
#include <latch>
#include <thread>

#include "e2e/server_fixture.h"
#include "paths.h"

using namespace drivemock::testing;

namespace {

const char* kLimited = R"(
name: limited
limits:
  - {calls: 20, per_ms: 600000, operation: trash}
  - {calls: 1, per_ms: 600000, uuid: slow, per: uuid}
directories:
  d1: {trash: {body: {status: success, message: Moved., code: dir_trashed}}}
)";

}  // namespace

TEST_CASE("8 clients at once get exactly the calls a limit allows, the rest 429 with Retry-After") {
  RunningServer mock(kLimited);
  constexpr int kThreads = 8;
  constexpr int kCallsEach = 10;
  std::latch start(kThreads);
  std::vector<std::vector<int>> statuses(kThreads);
  std::vector<std::thread> clients;
  for (int t = 0; t < kThreads; ++t) {
    clients.emplace_back([&, t] {
      start.arrive_and_wait();
      for (int i = 0; i < kCallsEach; ++i) {
        auto res = mock.trash("d1");
        statuses[t].push_back(res ? res->status : 0);
      }
    });
  }
  for (auto& c : clients) c.join();
  int ok = 0, limited = 0;
  for (const auto& s : statuses) {
    ok += static_cast<int>(std::count(s.begin(), s.end(), 200));
    limited += static_cast<int>(std::count(s.begin(), s.end(), 429));
  }
  CHECK(ok == 20);
  CHECK(limited == kThreads * kCallsEach - 20);
  // A refused call never reaches the simulated service.
  CHECK(mock.admin_json("GET", "/__admin/directories/d1")["calls"]["trash"].GetInt() == 20);

  auto refused = mock.trash("d1");
  REQUIRE(refused);
  CHECK(refused->status == 429);
  CHECK(refused->get_header_value("Retry-After") == "600");
  CHECK(refused->body ==
        R"({"status":"error","message":"Too many requests: at most 20 calls per 600000 ms )"
        R"((limit 1 of inline).","code":"too_many_requests"})");
  auto journal = mock.requests();  // newest first
  const auto& entries = journal["requests"];
  CHECK(drivemock::json::to_string(entries[0]["limited"]) == R"({"file":"inline","index":1})");
  CHECK(entries[0]["response"]["status"].GetInt() == 429);
  size_t admitted = 0;
  for (const auto& entry : entries.GetArray()) {
    if (entry["limited"].IsNull()) ++admitted;
  }
  CHECK(admitted == 20);
}

TEST_CASE("a per-uuid limit counts one uuid, and a reset empties the windows") {
  RunningServer mock(kLimited);
  CHECK(mock.color("slow", "red")->status == 200);
  auto refused = mock.color("slow", "blue");
  REQUIRE(refused);
  CHECK(refused->status == 429);
  CHECK(code_of(refused) == "too_many_requests");
  CHECK(mock.color("other", "blue")->status == 200);
  CHECK(mock.admin_json("GET", "/__admin/directories/slow")["color"].GetString() ==
        std::string("red"));
  mock.admin_json("POST", "/__admin/reset");
  CHECK(mock.color("slow", "green")->status == 200);
}

TEST_CASE("a pushed set's limits apply from the push on, and go with the set") {
  RunningServer mock("directories: {}");
  CHECK(mock.trash("u")->status == 200);
  mock.admin_json("POST", "/__admin/scenarios",
                  "name: tight\nlimits: [{calls: 1, per_ms: 600000}]\n");
  CHECK(mock.trash("u")->status == 200);
  CHECK(mock.trash("u")->status == 429);
  mock.admin_json("DELETE", "/__admin/scenarios/tight");
  CHECK(mock.trash("u")->status == 200);
}

TEST_CASE("example resilience: two calls a minute on the limited uuid, then 429") {
  drivemock::ServerOptions options;
  options.scenario_paths = {drivemock::testing::scenarios_dir() + "/resilience.yaml"};
  RunningServer mock(options);
  const std::string uuid = "6f1c7e0a-0000-4000-8000-000000000012";
  CHECK(mock.trash(uuid)->status == 200);
  CHECK(mock.color(uuid, "red")->status == 200);
  auto refused = mock.trash(uuid);
  REQUIRE(refused);
  CHECK(refused->status == 429);
  // Whole seconds until the first call leaves the minute's window.
  int retry_after = std::stoi(refused->get_header_value("Retry-After"));
  CHECK(retry_after >= 50);
  CHECK(retry_after <= 60);
  CHECK(mock.trash("6f1c7e0a-0000-4000-8000-000000000014")->status == 200);
}

TEST_CASE("a refused call on an unknown uuid still says which scripted uuid was meant") {
  RunningServer mock(kLimited);
  for (int i = 0; i < 20; ++i) REQUIRE(mock.trash("d1")->status == 200);
  auto refused = mock.trash("D1");  // over the trash limit, and no scenario names D1
  REQUIRE(refused);
  CHECK(refused->status == 429);
  auto journal = mock.requests();  // kept: the entry below points into it
  const auto& newest = journal["requests"][0];
  CHECK(newest["limited"]["index"].GetInt() == 1);
  CHECK(drivemock::json::to_string(newest["didYouMean"]) == R"("d1")");
}
