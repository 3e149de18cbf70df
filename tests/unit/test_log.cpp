// The logger never makes its caller wait for the sink: lines queue up to a
// bound, then are dropped and counted, and one warning says so once the
// sink takes lines again.
#include <catch2/catch.hpp>
#include <condition_variable>
#include <mutex>
#include <string>
#include <vector>

#include "util/log.h"

namespace dlog = drivemock::log;

namespace {

/// A sink that blocks, like a full pipe, until released.
struct BlockedSink {
  BlockedSink() {
    dlog::set_sink([this](dlog::Level, std::string_view line) {
      std::unique_lock lock(mutex);
      entered = true;
      changed.notify_all();
      changed.wait(lock, [&] { return open; });
      lines.emplace_back(line);
    });
  }
  ~BlockedSink() {
    release();
    dlog::flush(std::chrono::seconds(10));
    dlog::set_sink(nullptr);
  }
  void wait_until_blocked() {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return entered; });
  }
  void release() {
    std::lock_guard lock(mutex);
    open = true;
    changed.notify_all();
  }
  std::vector<std::string> taken() {
    REQUIRE(dlog::flush(std::chrono::seconds(10)));
    std::lock_guard lock(mutex);
    return lines;
  }
  std::mutex mutex;
  std::condition_variable changed;
  bool entered = false;
  bool open = false;
  std::vector<std::string> lines;
};

}  // namespace

TEST_CASE("log lines reach the sink in order") {
  BlockedSink sink;
  sink.release();
  for (int i = 0; i < 100; ++i) dlog::info("line " + std::to_string(i));
  auto lines = sink.taken();
  REQUIRE(lines.size() == 100);
  for (int i = 0; i < 100; ++i) CHECK(lines[static_cast<size_t>(i)] == "line " + std::to_string(i));
}

TEST_CASE("a blocked sink makes lines drop and count instead of blocking the caller") {
  BlockedSink sink;
  uint64_t dropped_before = dlog::dropped();
  dlog::info("first");
  sink.wait_until_blocked();  // the writer holds "first" and waits in the sink
  // The queue takes kMaxQueuedLines more; the rest are dropped at once.
  constexpr size_t kExtra = 1000;
  for (size_t i = 0; i < dlog::kMaxQueuedLines + kExtra; ++i) dlog::info("more");
  CHECK(dlog::dropped() - dropped_before == kExtra);
  CHECK_FALSE(dlog::flush(std::chrono::milliseconds(10)));  // still blocked

  sink.release();
  auto lines = sink.taken();
  REQUIRE(lines.size() == 1 + dlog::kMaxQueuedLines + 1);
  CHECK(lines.front() == "first");
  CHECK(lines.back().find(std::to_string(kExtra) + " log lines were dropped") != std::string::npos);
}
