#include "util/log.h"

#include <iostream>
#include <mutex>

namespace drivemock::log {
namespace {

std::mutex& sink_mutex() {
  static std::mutex m;
  return m;
}

Sink& current_sink() {
  static Sink sink;
  return sink;
}

}  // namespace

void set_sink(Sink sink) {
  std::lock_guard lock(sink_mutex());
  current_sink() = std::move(sink);
}

void write(Level level, std::string_view line) {
  std::lock_guard lock(sink_mutex());
  if (current_sink()) {
    current_sink()(level, line);
    return;
  }
  std::cerr << line << '\n' << std::flush;
}

}  // namespace drivemock::log
