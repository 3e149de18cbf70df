#pragma once
// The answers a session's calls were given, by address in the catalog's
// sets: at its close, a rule its test pushed and no call used is a script
// its test never exercised (session/unused_rules.h), the false green the
// runner helpers fail a test for. Off outside sessions: nothing is noted on
// the baseline's request path.

#include <mutex>
#include <unordered_set>

#include "scenario/model.h"

namespace drivemock::scenario {

class UsedAnswers {
 public:
  void enable() { enabled_ = true; }

  void note(const Reply* answer) {
    if (!enabled_ || !answer) return;
    std::lock_guard lock(mutex_);
    used_.insert(answer);
  }

  /// True when any answer of `rule` was given.
  bool any_of(const Rule& rule) const {
    std::lock_guard lock(mutex_);
    for (const auto& answer : rule.answers) {
      if (used_.contains(&answer)) return true;
    }
    return false;
  }

  void clear() {
    std::lock_guard lock(mutex_);
    used_.clear();
  }

 private:
  bool enabled_ = false;  ///< set before the first call
  mutable std::mutex mutex_;
  std::unordered_set<const Reply*> used_;
};

}  // namespace drivemock::scenario
