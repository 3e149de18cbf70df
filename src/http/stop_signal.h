#pragma once
// A latch that server shutdown trips once. Delays and hang faults wait on it,
// so that a stopping server never waits for a scripted delay to run out.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>

namespace drivemock {

class StopSignal {
 public:
  /// Trips the latch and wakes every waiter.
  void trip();
  /// True once tripped.
  bool tripped() const;
  /// Waits up to `timeout`; returns true if the latch was tripped.
  bool wait_for(std::chrono::milliseconds timeout) const;
  /// Waits until tripped.
  void wait() const;

 private:
  mutable std::mutex mutex_;
  mutable std::condition_variable cv_;
  // Atomic: every request of every connection asks tripped(), and a lock
  // there was one more that all of them shared.
  std::atomic<bool> tripped_{false};
};

}  // namespace drivemock
