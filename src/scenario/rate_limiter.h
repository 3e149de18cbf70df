#pragma once
// Rate limits (`limits:` in scenario files) as sliding windows: a call is
// admitted when every limit that applies to it has had fewer than `calls`
// admitted calls in the last `per_ms` milliseconds, and then counts in each.
// Refused calls count in none, so a client that keeps retrying gets in again
// as soon as the window has room. One lock over all windows keeps the counts
// exact under parallel calls. Each engine (the baseline's, each session's)
// has its own limiter, so a session's windows are its own and go with it.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "scenario/model.h"

namespace drivemock::scenario {

/// A limit in force: the limit, the set that gives it (its source and the
/// limit's index say where it is written), and the 429 it answers, without
/// the Retry-After that each refusal adds.
struct LimitInForce {
  const Limit* limit = nullptr;
  const ScenarioSet* set = nullptr;
  Reply refusal;
};

/// A call as the limits see it, and the generation of the catalog that
/// routed it (Catalog::generation), whose limits it is counted under.
struct LimitedCall {
  std::string_view operation;
  std::string_view uuid;
  uint64_t generation = 0;
};

class RateLimiter {
 public:
  using Time = std::chrono::steady_clock::time_point;

  /// The limit a call was refused by (its index in the list given to
  /// admit) and how long until that limit admits a call again.
  struct Refusal {
    size_t limit = 0;
    std::chrono::milliseconds retry_after{0};
  };

  /// Windows for the limits of the catalog of that generation.
  explicit RateLimiter(uint64_t generation = 0) : generation_(generation) {}

  /// Admits `call` at `now`, or says which of `limits` (the first that is
  /// full; the limits of the call's catalog) refuses it. A call routed with
  /// another catalog than the windows are for (one replaced meanwhile) is
  /// admitted and counts in none.
  std::optional<Refusal> admit(const std::vector<LimitInForce>& limits, const LimitedCall& call,
                               Time now);
  /// Every window empty again (a reset).
  void clear();
  /// Every window empty, now for the catalog of `generation` (a catalog
  /// swapped in: its limits start with empty windows).
  void restart(uint64_t generation);
  /// How many windows are kept (one per limit, and per uuid for per: uuid).
  size_t window_count();

 private:
  /// (limit, uuid or "" for per: all) → admitted calls, oldest first
  using Key = std::pair<size_t, std::string>;

  void forget_idle_windows(Time now, const std::vector<LimitInForce>& limits);

  std::mutex mutex_;
  std::map<Key, std::deque<Time>, std::less<>> windows_;
  uint64_t generation_ = 0;  ///< the catalog the windows count for
  size_t admitted_since_sweep_ = 0;
};

/// Whether a window of `limit` that admitted calls at `admitted` (oldest
/// first) is full at `now`, and if so how long until it admits one: the
/// rate-limit part of the engine's choice, a pure function of the window.
std::optional<std::chrono::milliseconds> refusal_of(const Limit& limit,
                                                    const std::deque<RateLimiter::Time>& admitted,
                                                    RateLimiter::Time now);

/// Whether `limit` counts a call of `operation` on `uuid`.
bool applies(const Limit& limit, std::string_view operation, std::string_view uuid);

}  // namespace drivemock::scenario
