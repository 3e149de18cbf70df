#include "journal/journal.h"

namespace drivemock::journal {

Journal::Journal(size_t limit) : limit_(limit == 0 ? 1 : limit) {}

uint64_t Journal::record(Entry entry) {
  auto stored = std::make_shared<Entry>(std::move(entry));  // allocated outside the lock
  std::lock_guard lock(mutex_);
  stored->id = next_id_++;
  uint64_t id = stored->id;
  entries_.push_back(std::move(stored));
  while (entries_.size() > limit_) {
    entries_.pop_front();
    ++dropped_;
  }
  return id;
}

std::vector<EntryPtr> Journal::entries() const {
  std::lock_guard lock(mutex_);
  return {entries_.begin(), entries_.end()};
}

uint64_t Journal::dropped() const {
  std::lock_guard lock(mutex_);
  return dropped_;
}

void Journal::clear() {
  std::lock_guard lock(mutex_);
  entries_.clear();
  dropped_ = 0;
}

}  // namespace drivemock::journal
