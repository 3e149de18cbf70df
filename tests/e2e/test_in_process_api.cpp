// The C++ API a test suite uses in-process: the same filters as the admin
// API, without HTTP for the verification side.
#include <future>
#include <thread>

#include "e2e/server_fixture.h"
#include "eventually.h"

using namespace drivemock::testing;
using drivemock::RequestFilter;

TEST_CASE("count and find take the same filter type as the admin API") {
  RunningServer mock;
  mock.color("a", "red");
  mock.trash("a");
  RequestFilter colors;
  colors.operation = "color";
  colors.body = R"({"color":"red"})";
  CHECK(mock.server().count(colors).value() == 1);
  RequestFilter of_a;
  of_a.uuid = "a";
  auto found = mock.server().find(of_a).value();
  REQUIRE(found.size() == 2);
  CHECK(found[0]->seen().operation == "color");
  CHECK(found[1]->seen().operation == "trash");
}

TEST_CASE("wait_for returns once another thread's requests arrive") {
  RunningServer mock;
  RequestFilter trashes;
  trashes.operation = "trash";
  // An hour of its own; the test gives it 10 s once the requests are in,
  // and the requests are sent only once it waits.
  auto waiter = std::async(std::launch::async, [&] {
    return mock.server().wait_for(trashes, 3, std::chrono::hours(1)).value();
  });
  REQUIRE(eventually([&] { return mock.server().journal().waiters() == 1; }));
  for (int i = 0; i < 3; ++i) mock.trash("t");
  bool returned = waiter.wait_for(std::chrono::seconds(10)) == std::future_status::ready;
  if (!returned) mock.server().stop();  // releases the waiter, so that the test ends
  CHECK(returned);
  CHECK(waiter.get() == 3);
}

TEST_CASE("a filter with broken JSON is an error returned as a value, not a count") {
  RunningServer mock;
  mock.trash("a");
  RequestFilter broken;
  broken.body = "{";
  auto counted = mock.server().count(broken);
  REQUIRE_FALSE(counted.ok());
  CHECK(counted.error().message == "Filter field 'body' must be a JSON object");
  CHECK_FALSE(mock.server().find(broken).ok());
  CHECK_FALSE(mock.server().wait_for(broken, 1, std::chrono::hours(1)).ok());
}

TEST_CASE("push_scenarios and reset script the server without HTTP") {
  RunningServer mock;
  auto diagnostics = mock.server().push_scenarios("directories: {p: {trash: {http: 201}}}");
  CHECK_FALSE(drivemock::has_errors(diagnostics));
  CHECK(mock.trash("p")->status == 201);
  CHECK(drivemock::has_errors(mock.server().push_scenarios("directories: [")));
  mock.server().reset();
  CHECK(mock.trash("p")->status == 200);
  CHECK(mock.server().count({}).value() == 1);
}

namespace {

/// A clock that never moves: 2026-01-01T00:00:00.123Z, 42 s after its epoch.
class PinnedClock final : public drivemock::Clock {
 public:
  Wall wall() const override { return Wall(std::chrono::milliseconds(1767225600123)); }
  Steady steady() const override { return Steady(std::chrono::seconds(42)); }
};

}  // namespace

TEST_CASE("a clock of the test's own stamps journal entries and times them, refused ones too") {
  drivemock::ServerOptions options;
  options.clock = std::make_shared<PinnedClock>();
  options.max_body = 20;
  RunningServer mock(options);
  REQUIRE(mock.trash("a")->status == 200);
  REQUIRE(mock.post("/v3/dir/trash", R"({"uuid":"a-uuid-too-long-for-the-limit"})")->status == 413);
  auto journal = mock.requests();
  REQUIRE(journal["requests"].Size() == 2);
  for (const auto& entry : journal["requests"].GetArray()) {
    CHECK(std::string(entry["loggedDate"].GetString()) == "2026-01-01T00:00:00.123Z");
    CHECK(entry["timing"]["totalMicros"].GetInt64() == 0);
  }
}
