#pragma once
// The request journal: a bounded ring of entries, newest last. Entries are
// immutable once recorded, so shared pointers can be handed out safely.
//
// Recording never waits for the journal's lock. Every request of every
// connection records an entry: with one lock for all of them, a thread
// descheduled while it held the lock made every other request wait behind
// it, one wake-up at a time (drivemock on one core, wrk on the other, 50
// connections: p99.9 52 ms before, 29 ms after, medians of 8 runs; the
// reference server 13 ms). So a request takes its id from an
// atomic counter and publishes its entry in the intake, a ring of slots
// indexed by id; one recording thread at a time (whichever finds no other
// doing it) moves the published entries into the kept ones, in id order,
// under the lock. Readers take the lock, move what is published themselves
// and wait out an id taken but not yet published before a published one, so
// that a client that got its answer always finds its entry.

#include <atomic>
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
  /// Calls `f` with each kept entry, oldest first, under the journal's lock
  /// (no copies): keep `f` short. Recording goes on meanwhile; at most the
  /// one thread moving published entries in waits for it.
  void visit(const std::function<void(const EntryPtr&)>& f) const;
  /// The entry with that id, or null if unknown or dropped.
  EntryPtr entry(uint64_t id) const;

  /// Waits until `wanted` entries match, `timeout` passes or waiters are
  /// released; returns the count reached.
  size_t wait_for(const FilterMatcher& filter, size_t wanted,
                  std::chrono::milliseconds timeout) const;
  /// The kept entries with an id over `id`, oldest first; only the newest
  /// `most` of them when there are more.
  std::vector<EntryPtr> after(uint64_t id, size_t most) const;
  /// The id of the newest kept entry (0 before the first).
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
  /// An entry published under its id, until it is kept.
  struct Slot {
    std::atomic<uint64_t> published{0};  ///< the id whose entry the slot holds now
    EntryPtr entry;
    size_t bytes = 0;
  };
  /// Enough for every request in flight at once several times over; a
  /// request that finds its slot still taken keeps entries itself first.
  static constexpr uint64_t kSlots = 1024;

  void publish(uint64_t id, EntryPtr entry, size_t bytes);
  void hand_over();
  /// keep_published under the lock, then wakes the waiters if it moved any.
  void keep();
  bool next_is_published() const;
  /// Under the lock: moves the published entries that follow the kept ones
  /// into them, oldest first, dropping the oldest past the limits. True if
  /// it moved any.
  bool keep_published() const;
  /// Takes the lock with every published entry kept, none missing before it.
  std::unique_lock<std::mutex> settled() const;

  const size_t limit_;
  const size_t byte_limit_;
  Listener listener_;
  std::unique_ptr<Slot[]> slots_;
  std::atomic<uint64_t> next_id_{1};
  mutable std::atomic<uint64_t> kept_id_{0};  ///< every id up to it is kept or dropped
  std::atomic<bool> keeping_{false};          ///< a recording thread is moving entries in
  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
  mutable std::condition_variable released_changed_;  ///< notified by release_waiters only
  // Under mutex_; mutable because readers move published entries in too.
  mutable std::deque<EntryPtr> entries_;
  mutable uint64_t dropped_ = 0;
  mutable size_t bytes_ = 0;         ///< entry_bytes of the kept entries
  mutable uint64_t generation_ = 0;  ///< bumped on every change, for waiters
  bool released_ = false;
  mutable size_t waiters_ = 0;
};

}  // namespace drivemock::journal
