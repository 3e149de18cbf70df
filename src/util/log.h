#pragma once
// The one place besides main that writes to the terminal. Library code logs
// through here so that an in-process test suite can silence or capture it.
//
// Logging never holds up serving: a line goes into a bounded queue and one
// writer thread of the logger's own hands it to the sink. A harness that
// starts drivemock with its standard error on a pipe and never reads it
// fills the pipe; the writer then blocks, the queue fills, and further lines
// are dropped and counted (dropped(), logLinesDropped in /__admin/health)
// instead of waited for. Once the sink takes lines again, one warning line
// says how many were lost.

#include <chrono>
#include <cstdint>
#include <functional>
#include <string_view>

namespace drivemock::log {

enum class Level { info, warning, error };

/// Receives every log line, on the logger's thread; the default writes to
/// standard error.
using Sink = std::function<void(Level, std::string_view)>;

/// Lines waiting for the sink beyond this many are dropped.
constexpr size_t kMaxQueuedLines = 4096;

/// Replaces the sink (pass nullptr to restore the default); thread-safe.
void set_sink(Sink sink);

/// Queues one line for the sink; never blocks on the sink.
void write(Level level, std::string_view line);

inline void info(std::string_view line) {
  write(Level::info, line);
}
inline void warning(std::string_view line) {
  write(Level::warning, line);
}
inline void error(std::string_view line) {
  write(Level::error, line);
}

/// Lines dropped since the process started because the sink did not keep up.
uint64_t dropped();

/// Waits until every queued line has reached the sink, at most `timeout`;
/// false when the sink is still behind (blocked) then.
bool flush(std::chrono::milliseconds timeout);

}  // namespace drivemock::log
