#pragma once
// The calls whose uuid no scenario names but is a typo away from one that
// does (`folder-abd` for `folder-abc`), as an engine saw them: a session's
// are handed back when it closes, so that the runner helpers fail the test
// that made them without reading the journal (one admin call per test, not
// two). Distinct (operation, uuid) pairs, the first kMaxKept of them: a test
// that misses hundreds of times is told about the first few.

#include <mutex>
#include <string>
#include <vector>

namespace drivemock::scenario {

struct NearMissCall {
  std::string operation;
  std::string uuid;
  std::string did_you_mean;

  bool operator==(const NearMissCall&) const = default;
};

class NearMissCalls {
 public:
  static constexpr size_t kMaxKept = 16;

  void note(NearMissCall call) {
    std::lock_guard lock(mutex_);
    if (calls_.size() >= kMaxKept) return;
    for (const auto& kept : calls_) {
      if (kept.operation == call.operation && kept.uuid == call.uuid) return;
    }
    calls_.push_back(std::move(call));
  }

  std::vector<NearMissCall> list() const {
    std::lock_guard lock(mutex_);
    return calls_;
  }

  void clear() {
    std::lock_guard lock(mutex_);
    calls_.clear();
  }

 private:
  mutable std::mutex mutex_;
  std::vector<NearMissCall> calls_;
};

}  // namespace drivemock::scenario
