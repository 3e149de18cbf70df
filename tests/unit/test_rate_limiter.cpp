#include <catch2/catch.hpp>
#include <latch>
#include <thread>
#include <vector>

#include "scenario/rate_limiter.h"

using namespace drivemock;
using namespace drivemock::scenario;
using std::chrono::milliseconds;

namespace {

const RateLimiter::Time kStart{};

RateLimiter::Time at(int ms) {
  return kStart + milliseconds(ms);
}

/// The limits in force, as a catalog holds them.
struct Limits {
  explicit Limits(std::vector<Limit> given) : limits(std::move(given)) {
    for (const auto& limit : limits) in_force.push_back({&limit, nullptr, {}});
  }
  std::optional<RateLimiter::Refusal> call(std::string_view op, std::string_view uuid, int ms) {
    return limiter.admit(in_force, {op, uuid}, at(ms));
  }
  std::vector<Limit> limits;
  std::vector<LimitInForce> in_force;
  RateLimiter limiter;
};

Limit limit(int calls, int per_ms) {
  Limit l;
  l.calls = calls;
  l.per_ms = per_ms;
  return l;
}

}  // namespace

TEST_CASE("a sliding window admits `calls` calls in any per_ms, and says when the next gets in") {
  Limits l({limit(2, 1000)});
  CHECK_FALSE(l.call("trash", "u", 0));
  CHECK_FALSE(l.call("trash", "u", 100));
  auto refused = l.call("trash", "u", 200);
  REQUIRE(refused);
  CHECK(refused->limit == 0);
  CHECK(refused->retry_after == milliseconds(800));
  CHECK(l.call("trash", "u", 999)->retry_after == milliseconds(1));
  CHECK_FALSE(l.call("trash", "u", 1000));  // the call at 0 has left the window
  CHECK(l.call("trash", "u", 1050)->retry_after == milliseconds(50));  // the one at 100 leaves
}

TEST_CASE("per: all counts every uuid together, per: uuid each uuid on its own") {
  Limits all({limit(1, 1000)});
  CHECK_FALSE(all.call("trash", "a", 0));
  CHECK(all.call("trash", "b", 0));
  Limit each = limit(1, 1000);
  each.per = Limit::Per::uuid;
  Limits per_uuid({each});
  CHECK_FALSE(per_uuid.call("trash", "a", 0));
  CHECK_FALSE(per_uuid.call("trash", "b", 0));
  CHECK(per_uuid.call("trash", "a", 0));
}

TEST_CASE("a limit counts only its operation and its uuid") {
  Limit trash_only = limit(1, 1000);
  trash_only.operation = "trash";
  Limit one_uuid = limit(1, 1000);
  one_uuid.uuid = "slow";
  Limits l({trash_only, one_uuid});
  CHECK_FALSE(l.call("trash", "a", 0));
  CHECK(l.call("trash", "b", 0)->limit == 0);
  CHECK_FALSE(l.call("color", "a", 0));
  CHECK_FALSE(l.call("color", "b", 0));
  CHECK_FALSE(l.call("color", "slow", 0));
  CHECK(l.call("color", "slow", 0)->limit == 1);
}

TEST_CASE("a call refused by one limit counts in none of them") {
  Limits l({limit(10, 10000), limit(1, 1000)});
  CHECK_FALSE(l.call("trash", "u", 0));
  for (int i = 0; i < 20; ++i) CHECK(l.call("trash", "u", 1)->limit == 1);
  // Only the admitted call counted in the first limit: nine more fit in it.
  for (int ms = 1000; ms < 1009; ++ms) {
    CHECK_FALSE(l.call("trash", "u", ms));
    l.limits[1].calls = 100;  // the second limit out of the way from here on
  }
  auto refused = l.call("trash", "u", 1009);
  REQUIRE(refused);
  CHECK(refused->limit == 0);
}

TEST_CASE("parallel calls are admitted exactly up to the limit (8 threads)") {
  // Half the calls fit: every thread admits while the others do, for long.
  Limits l({limit(20000, 3600000)});
  constexpr int kThreads = 8;
  constexpr int kCallsEach = 5000;
  std::latch start(kThreads);
  std::vector<int> admitted(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      start.arrive_and_wait();
      for (int i = 0; i < kCallsEach; ++i) {
        if (!l.call("trash", "u" + std::to_string(i % 7), i)) ++admitted[t];
      }
    });
  }
  for (auto& t : threads) t.join();
  int total = 0;
  for (int n : admitted) total += n;
  CHECK(total == 20000);
}

TEST_CASE("windows with no call left in them are forgotten, and clear empties all") {
  Limit each = limit(1, 10);
  each.per = Limit::Per::uuid;
  Limits l({each});
  for (int i = 0; i < 5000; ++i) CHECK_FALSE(l.call("trash", "u" + std::to_string(i), 0));
  CHECK(l.limiter.window_count() == 5000);
  for (int ms = 100; ms < 4200; ++ms) l.call("trash", "busy", ms * 10);
  CHECK(l.limiter.window_count() <= 2);  // the busy uuid's, and at most one more
  l.limiter.clear();
  CHECK(l.limiter.window_count() == 0);
  CHECK_FALSE(l.call("trash", "u1", 0));
}

TEST_CASE(
    "windows count for one catalog: a swapped-in one starts empty, a late call counts in none") {
  Limit one = limit(1, 60000);
  std::vector<LimitInForce> limits = {{&one, nullptr, {}}};
  RateLimiter limiter(7);  // for the catalog of generation 7
  CHECK_FALSE(limiter.admit(limits, {"trash", "u", 7}, at(0)));
  CHECK(limiter.admit(limits, {"trash", "u", 7}, at(1)));
  limiter.restart(8);  // another catalog swapped in: its limits' windows empty
  CHECK_FALSE(limiter.admit(limits, {"trash", "u", 8}, at(2)));
  CHECK(limiter.admit(limits, {"trash", "u", 8}, at(3)));
  // A call routed before the swap: its catalog's windows are gone, and it
  // does not count in the new one's.
  CHECK_FALSE(limiter.admit(limits, {"trash", "u", 7}, at(4)));
  CHECK(limiter.window_count() == 1);
  limiter.clear();
  CHECK_FALSE(limiter.admit(limits, {"trash", "u", 8}, at(5)));
}
