#pragma once
// The one place besides main that writes to the terminal. Library code logs
// through here so that an in-process test suite can silence or capture it.

#include <functional>
#include <string_view>

namespace drivemock::log {

enum class Level { info, warning, error };

/// Receives every log line; the default writes to standard error.
using Sink = std::function<void(Level, std::string_view)>;

/// Replaces the sink (pass nullptr to restore the default); thread-safe.
void set_sink(Sink sink);

/// Sends one line to the sink.
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

}  // namespace drivemock::log
