#include <algorithm>
#include <catch2/catch.hpp>
#include <set>
#include <vector>

#include "scenario/draws.h"
#include "util/random.h"

using namespace drivemock;
using namespace drivemock::scenario;

namespace {

/// How often each index is picked from `weights` over `n` numbers of one stream.
std::vector<int> pick_counts(const std::vector<double>& weights, int n, uint64_t key) {
  std::vector<int> counts(weights.size(), 0);
  for (int i = 0; i < n; ++i) {
    ++counts[pick_weighted(weights, unit_interval(stream_bits(key, static_cast<uint64_t>(i))))];
  }
  return counts;
}

}  // namespace

TEST_CASE("a stream's numbers depend only on the seed, the uuid, the operation and the position") {
  uint64_t key = stream_key(42, "d1", "trash");
  CHECK(key == stream_key(42, "d1", "trash"));
  CHECK(key != stream_key(43, "d1", "trash"));
  CHECK(key != stream_key(42, "d2", "trash"));
  CHECK(key != stream_key(42, "d1", "color"));
  CHECK(stream_key(42, "ab", "c") != stream_key(42, "a", "bc"));
  std::set<uint64_t> seen;
  for (uint64_t n = 0; n < 1000; ++n) seen.insert(stream_bits(key, n));
  CHECK(seen.size() == 1000);
  CHECK(stream_bits(key, 7) == stream_bits(key, 7));
}

TEST_CASE("numbers of a stream are spread evenly from 0 up to 1") {
  std::vector<int> tenths(10, 0);
  for (uint64_t n = 0; n < 100000; ++n) {
    double u = unit_interval(stream_bits(stream_key(1, "u", "op"), n));
    REQUIRE(u >= 0);
    REQUIRE(u < 1);
    ++tenths[static_cast<size_t>(u * 10)];
  }
  for (int count : tenths) CHECK(count == Approx(10000).margin(400));
}

TEST_CASE("one_of picks each answer by its weight, and one of weight 0 never") {
  for (uint64_t seed : {uint64_t{0}, uint64_t{42}, kMaxSeed}) {
    auto counts = pick_counts({1, 3, 0}, 40000, stream_key(seed, "d1", "trash"));
    CHECK(counts[0] == Approx(10000).margin(500));
    CHECK(counts[1] == Approx(30000).margin(500));
    CHECK(counts[2] == 0);
  }
  CHECK(pick_weighted({0.5, 0.5}, 0.0) == 0);
  CHECK(pick_weighted({0.5, 0.5}, 0.4999) == 0);
  CHECK(pick_weighted({0.5, 0.5}, 0.5) == 1);
  CHECK(pick_weighted({2, 0}, 0.9999999) == 0);  // never the weight-0 last
}

TEST_CASE("a uniform delay takes every value from min to max, both included") {
  DelayDistribution d;
  d.min_ms = 10;
  d.max_ms = 14;
  std::set<int> values;
  for (uint64_t n = 0; n < 1000; ++n) {
    values.insert(draw_delay_ms(d, unit_interval(stream_bits(5, n)), 0.5));
  }
  CHECK(values == std::set<int>{10, 11, 12, 13, 14});
  CHECK(draw_delay_ms(d, 0.0, 0.0) == 10);
  CHECK(draw_delay_ms(d, 0.9999999999, 0.0) == 14);
}

TEST_CASE("a lognormal delay has its median, spreads by sigma and stops at max") {
  DelayDistribution d;
  d.kind = DelayDistribution::Kind::lognormal;
  d.median_ms = 100;
  d.sigma = 0.5;
  d.max_ms = 400;
  std::vector<int> draws;
  for (uint64_t n = 0; n < 20000; n += 2) {
    draws.push_back(
        draw_delay_ms(d, unit_interval(stream_bits(9, n)), unit_interval(stream_bits(9, n + 1))));
  }
  std::sort(draws.begin(), draws.end());
  CHECK(draws[draws.size() / 2] == Approx(100).margin(4));
  // e^(0.5 * 1.2816) = 1.90: the 90th percentile of median * e^(sigma z).
  CHECK(draws[draws.size() * 9 / 10] == Approx(190).margin(10));
  CHECK(draws.front() >= 0);
  CHECK(draws.back() == 400);  // e^(0.5 z) > 4 for z > 2.77: some are capped
  d.sigma = 0;
  CHECK(draw_delay_ms(d, 0.3, 0.7) == 100);
}
