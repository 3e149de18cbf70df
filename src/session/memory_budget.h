#pragma once
// One byte budget for every session at once (--max-session-bytes): each
// session's own caps (its unnamed uuids, its 32 pushed sets) bound one
// session, but a thousand sessions of 32 pushed megabytes would hold
// hundreds of gigabytes. A session is counted from its opening at what its
// engine may hold of uuids no scenario names, and at what its pushed sets
// take; an opening or a push the budget cannot hold is refused (507
// `session_memory_full`) before anything is built.

#include <atomic>
#include <cstddef>
#include <string>

namespace drivemock::session {

/// What an open session takes before any call or push (its engine, store
/// and maps, measured: about 2.3 KiB), rounded up.
inline constexpr size_t kOpenSessionBytes = size_t{4} << 10;
/// What a pushed set takes in memory per byte of its text (its parsed
/// rules, catalog and indexes; measured at 15.8 for a set of 9,000 short
/// rules, the densest kind), rounded up.
inline constexpr size_t kBytesPerPushedByte = 16;
/// What a session's own catalog takes per uuid it indexes: those its sets
/// script, over the baseline's (scenario/catalog.h), or every uuid of the
/// baseline too when a set of its replaces one of the baseline's by name
/// (issue 72: then a 42-byte push over 100,000 uuids takes some 13 MiB).
/// Measured in RSS by tests/unit/test_session_memory.cpp, rounded up.
inline constexpr size_t kBytesPerCatalogUuid = 160;
/// The default budget: about a tenth of a 24 GiB machine.
inline constexpr size_t kDefaultSessionBytes = size_t{2} << 30;

class MemoryBudget {
 public:
  explicit MemoryBudget(size_t max) : max_(max) {}

  /// Takes `bytes` if they fit; whether they did.
  bool reserve(size_t bytes);
  /// Takes `bytes` whether or not they fit (what a reservation covered).
  void add(size_t bytes) { charged_.fetch_add(bytes); }
  void release(size_t bytes) { charged_.fetch_sub(bytes); }
  size_t charged() const { return charged_.load(); }
  size_t max() const { return max_; }

  /// "WHAT would take N MiB, and the open sessions hold M MiB of the X MiB
  /// all sessions may (--max-session-bytes), L MiB left; …", with what to do.
  std::string full_message(const std::string& what, size_t wanted) const;

 private:
  const size_t max_;
  std::atomic<size_t> charged_{0};
};

}  // namespace drivemock::session
