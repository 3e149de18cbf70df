#include "scenario/rate_limiter.h"

#include <algorithm>

namespace drivemock::scenario {
namespace {

/// Windows with per: uuid are kept per uuid; sweeping out those with no call
/// left in them every so many admissions keeps memory bounded by the uuids
/// called within a window, however many uuids clients make up.
constexpr size_t kSweepEvery = 4096;

std::chrono::milliseconds window_of(const Limit& limit) {
  return std::chrono::milliseconds(limit.per_ms);
}

}  // namespace

std::optional<std::chrono::milliseconds> refusal_of(const Limit& limit,
                                                    const std::deque<RateLimiter::Time>& admitted,
                                                    RateLimiter::Time now) {
  // A call is in the window while it is less than per_ms old; admitted is
  // oldest first, so those still in it are a tail.
  auto oldest_in = std::upper_bound(admitted.begin(), admitted.end(), now - window_of(limit));
  auto in_window = static_cast<size_t>(admitted.end() - oldest_in);
  if (in_window < static_cast<size_t>(limit.calls)) return std::nullopt;
  return std::chrono::ceil<std::chrono::milliseconds>(*oldest_in + window_of(limit) - now);
}

bool applies(const Limit& limit, std::string_view operation, std::string_view uuid) {
  return (!limit.operation || *limit.operation == operation) &&
         (!limit.uuid || *limit.uuid == uuid);
}

std::optional<RateLimiter::Refusal> RateLimiter::admit(const std::vector<LimitInForce>& limits,
                                                       const LimitedCall& call, Time now) {
  // Named copies, not a structured binding: clang 14 cannot capture those in a lambda.
  std::string_view operation = call.operation, uuid = call.uuid;
  // Most calls fall under no limit (a limit on one uuid, or none at all):
  // those never take the lock. The limits are the catalog's, immutable.
  if (std::none_of(limits.begin(), limits.end(),
                   [&](const LimitInForce& l) { return applies(*l.limit, operation, uuid); })) {
    return std::nullopt;
  }
  std::vector<std::deque<Time>*> counting;
  std::lock_guard lock(mutex_);
  if (call.generation != generation_) return std::nullopt;
  for (size_t i = 0; i < limits.size(); ++i) {
    const Limit& limit = *limits[i].limit;
    if (!applies(limit, operation, uuid)) continue;
    Key key{i, limit.per == Limit::Per::uuid ? std::string(uuid) : ""};
    auto& admitted = windows_[key];
    if (auto wait = refusal_of(limit, admitted, now)) return Refusal{i, *wait};
    // Those that left the window are no longer needed.
    while (!admitted.empty() && admitted.front() <= now - window_of(limit)) admitted.pop_front();
    counting.push_back(&admitted);
  }
  for (auto* admitted : counting) admitted->push_back(now);
  if (!counting.empty() && ++admitted_since_sweep_ >= kSweepEvery) forget_idle_windows(now, limits);
  return std::nullopt;
}

void RateLimiter::forget_idle_windows(Time now, const std::vector<LimitInForce>& limits) {
  admitted_since_sweep_ = 0;
  std::erase_if(windows_, [&](const auto& window) {
    const auto& [key, admitted] = window;
    return admitted.empty() || admitted.back() <= now - window_of(*limits[key.first].limit);
  });
}

size_t RateLimiter::window_count() {
  std::lock_guard lock(mutex_);
  return windows_.size();
}

void RateLimiter::clear() {
  std::lock_guard lock(mutex_);
  windows_.clear();
  admitted_since_sweep_ = 0;
}

void RateLimiter::restart(uint64_t generation) {
  std::lock_guard lock(mutex_);
  windows_.clear();
  admitted_since_sweep_ = 0;
  generation_ = generation;
}

}  // namespace drivemock::scenario
