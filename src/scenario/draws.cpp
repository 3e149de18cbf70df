#include "scenario/draws.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>

namespace drivemock::scenario {

size_t pick_weighted(const std::vector<double>& weights, double u) {
  double target = u * std::accumulate(weights.begin(), weights.end(), 0.0);
  double reached = 0;
  size_t last_possible = 0;
  for (size_t i = 0; i < weights.size(); ++i) {
    if (weights[i] <= 0) continue;
    reached += weights[i];
    last_possible = i;
    if (target < reached) return i;
  }
  return last_possible;  // rounding left target at the sum
}

int draw_delay_ms(const DelayDistribution& distribution, double u1, double u2) {
  if (distribution.kind == DelayDistribution::Kind::uniform) {
    int span = distribution.max_ms - distribution.min_ms + 1;
    int offset = std::min(static_cast<int>(u1 * span), span - 1);
    return distribution.min_ms + offset;
  }
  // 1 - u1 is in (0, 1], so its logarithm is finite.
  double z = std::sqrt(-2.0 * std::log(1.0 - u1)) * std::cos(2.0 * std::numbers::pi * u2);
  double delay = distribution.median_ms * std::exp(distribution.sigma * z);
  return static_cast<int>(std::lround(std::clamp(delay, 0.0, double(distribution.max_ms))));
}

}  // namespace drivemock::scenario
