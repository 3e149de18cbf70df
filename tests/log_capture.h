#pragma once
// The logger's lines captured while a LogCapture lives, for tests that check
// what drivemock logged (the logger is global: one capture at a time).

#include <catch2/catch.hpp>
#include <chrono>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "eventually.h"
#include "util/log.h"

namespace drivemock::testing {

struct LogCapture {
  LogCapture() {
    log::set_sink([this](log::Level, std::string_view line) {
      std::lock_guard lock(mutex);
      lines.emplace_back(line);
    });
  }
  ~LogCapture() {
    log::flush(std::chrono::seconds(10));
    log::set_sink(nullptr);
  }
  LogCapture(const LogCapture&) = delete;
  LogCapture& operator=(const LogCapture&) = delete;

  /// Every line logged so far, once the logger has written what it queued.
  std::vector<std::string> taken() {
    REQUIRE(log::flush(std::chrono::seconds(10)));
    std::lock_guard lock(mutex);
    return lines;
  }
  /// True once a line containing `text` has been logged (bounded, 10 s).
  bool eventually_has(const std::string& text) {
    return eventually([&] {
      std::lock_guard lock(mutex);
      for (const auto& line : lines)
        if (line.find(text) != std::string::npos) return true;
      return false;
    });
  }

  std::mutex mutex;
  std::vector<std::string> lines;
};

}  // namespace drivemock::testing
