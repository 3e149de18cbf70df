#pragma once
// What a scenario leaves to chance, as pure functions of uniform numbers in
// [0, 1): which answer of a `one_of`, and how long a random delay is. The
// engine feeds them from the uuid's replayable stream (util/random.h).

#include <cstddef>
#include <vector>

#include "model/reply.h"

namespace drivemock::scenario {

/// The index that `u` picks from `weights` (non-negative, their sum above
/// 0): each index with probability weight / sum; a weight of 0 never.
size_t pick_weighted(const std::vector<double>& weights, double u);

/// A delay in whole milliseconds from `distribution`, from two uniform
/// numbers: uniform, every value from min to max alike likely; lognormal,
/// median * e^(sigma * z) for a standard normal z (Box-Muller), at most max.
int draw_delay_ms(const DelayDistribution& distribution, double u1, double u2);

}  // namespace drivemock::scenario
