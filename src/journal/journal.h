#pragma once
// The request journal: a bounded ring of entries, newest last. Recording
// takes one short lock (an id and a pointer push); readers copy pointers out
// and filter or serialise without holding it. Entries are immutable once
// recorded, so shared pointers can be handed out safely.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "journal/filter.h"
#include "model/entry.h"

namespace drivemock::journal {

/// Most bytes the kept entries hold unless --journal-bytes says: what a
/// laptop spares a test tool (100,000 entries of 1 MiB bodies would be 100 GB).
inline constexpr size_t kDefaultJournalBytes = size_t{256} << 20;

/// The bytes an entry holds, as the journal's bound counts them: its request
/// (method, url, headers, body), its answer's body and headers, and its own
/// size. A body shared with a scenario is counted in each entry that sent it
/// (a bound that errs on the safe side).
size_t entry_bytes(const Entry& entry);

class Journal {
 public:
  /// Receives every entry once recorded, outside the journal's lock.
  using Listener = std::function<void(const Entry&)>;

  /// `limit`: how many entries are kept, `byte_limit`: how many bytes they
  /// may hold, before the oldest are dropped (the newest is always kept).
  explicit Journal(size_t limit, size_t byte_limit = kDefaultJournalBytes);

  /// Sets the listener (before any request is served).
  void set_listener(Listener listener) { listener_ = std::move(listener); }

  /// Stores an entry, assigning its id; returns the id.
  uint64_t record(Entry entry);

  /// All kept entries, oldest first.
  std::vector<EntryPtr> entries() const;
  /// The kept entries the filter matches, oldest first.
  std::vector<EntryPtr> find(const FilterMatcher& filter) const;
  /// How many kept entries the filter matches.
  size_t count(const FilterMatcher& filter) const;
  /// The entry with that id, or null if unknown or dropped.
  EntryPtr by_id(uint64_t id) const;

  /// Waits until `wanted` entries match, `timeout` passes or waiters are
  /// released; returns the count reached.
  size_t wait_for(const FilterMatcher& filter, size_t wanted,
                  std::chrono::milliseconds timeout) const;
  /// The kept entries with an id over `id`, oldest first; only the newest
  /// `most` of them when there are more.
  std::vector<EntryPtr> after(uint64_t id, size_t most) const;
  /// The id the newest entry got (0 before the first).
  uint64_t last_id() const;

  enum class Waited { newer, timeout, released };
  /// Waits until an entry with an id over `id` is recorded, `until` passes or
  /// waiters are released.
  Waited wait_newer(uint64_t id, std::chrono::steady_clock::time_point until) const;
  /// Waits until `until` passes or waiters are released (true). Not woken by
  /// new entries: a stream waiting out its interval under load would else be
  /// woken, and take the journal's lock, by every request.
  bool wait_released(std::chrono::steady_clock::time_point until) const;

  /// Wakes every waiter for good (the server is stopping).
  void release_waiters();
  /// How many wait_for calls are blocked right now (for tests that must
  /// know a waiter waits before they release it).
  size_t waiters() const;

  /// How many entries are kept now.
  size_t size() const;
  /// How many bytes they hold (entry_bytes).
  size_t bytes() const;

  /// How many entries were dropped off the ring since the last clear.
  uint64_t dropped() const;

  /// Empties the journal (ids keep rising).
  void clear();

 private:
  const size_t limit_;
  const size_t byte_limit_;
  Listener listener_;
  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
  mutable std::condition_variable released_changed_;  ///< notified by release_waiters only
  std::deque<EntryPtr> entries_;
  uint64_t next_id_ = 1;
  uint64_t dropped_ = 0;
  size_t bytes_ = 0;         ///< entry_bytes of the kept entries
  uint64_t generation_ = 0;  ///< bumped on every change, for waiters
  bool released_ = false;
  mutable size_t waiters_ = 0;
};

}  // namespace drivemock::journal
