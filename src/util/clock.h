#pragma once
// Where the journal takes its time from: the wall-clock time an entry is
// stamped with, and the monotonic time its duration is measured on. The
// server uses the system's clocks; a test passes a Clock of its own to pin
// them (ServerOptions::clock).

#include <chrono>
#include <string>

namespace drivemock {

class Clock {
 public:
  using Wall = std::chrono::system_clock::time_point;
  using Steady = std::chrono::steady_clock::time_point;

  virtual ~Clock() = default;
  /// Now, as a date: an entry's `loggedDate`.
  virtual Wall wall() const = 0;
  /// Now, on a clock that never goes back: where durations start and end.
  virtual Steady steady() const = 0;
};

/// The system's clocks.
class SystemClock final : public Clock {
 public:
  Wall wall() const override { return std::chrono::system_clock::now(); }
  Steady steady() const override { return std::chrono::steady_clock::now(); }
};

/// The process's one SystemClock.
const Clock& system_clock();

/// `time` as ISO-8601 UTC with milliseconds ("2026-01-02T03:04:05.678Z"):
/// how the journal, the events and templates' {{now}} show a time.
std::string format_utc_millis(std::chrono::system_clock::time_point time);

/// CPU time the calling thread has used, in milliseconds: what a measured
/// piece of work costs, whatever else the machine runs meanwhile.
double thread_cpu_ms();

}  // namespace drivemock
