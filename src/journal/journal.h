#pragma once
// The request journal: a bounded ring of entries, newest last. Recording
// takes one short lock (an id and a pointer push); readers copy pointers out
// and filter or serialise without holding it. Entries are immutable once
// recorded, so shared pointers can be handed out safely.

#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <vector>

#include "journal/entry.h"

namespace drivemock::journal {

using EntryPtr = std::shared_ptr<const Entry>;

class Journal {
 public:
  /// `limit`: how many entries are kept before the oldest are dropped.
  explicit Journal(size_t limit);

  /// Stores an entry, assigning its id; returns the id.
  uint64_t record(Entry entry);

  /// All kept entries, oldest first.
  std::vector<EntryPtr> entries() const;

  /// How many entries were dropped off the ring since the last clear.
  uint64_t dropped() const;

  /// Empties the journal (ids keep rising).
  void clear();

 private:
  const size_t limit_;
  mutable std::mutex mutex_;
  std::deque<EntryPtr> entries_;
  uint64_t next_id_ = 1;
  uint64_t dropped_ = 0;
};

}  // namespace drivemock::journal
