#pragma once
// Waiting in tests for something another thread or process does: poll a
// condition with a bound, so that a broken feature fails the test instead of
// stalling it, and a working one passes as soon as it is done.

#include <chrono>
#include <thread>

namespace drivemock::testing {

/// Polls `condition` every millisecond until it holds (true) or `bound`
/// passes (false).
template <class Condition>
bool eventually(Condition condition, std::chrono::milliseconds bound = std::chrono::seconds(10)) {
  auto deadline = std::chrono::steady_clock::now() + bound;
  while (!condition()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

}  // namespace drivemock::testing
