#include "journal/journal.h"

#include <algorithm>

namespace drivemock::journal {

size_t entry_bytes(const Entry& entry) {
  size_t bytes = sizeof(Entry) + entry.request.bytes() + entry.response.body_text().size() +
                 entry.operation.size();
  if (entry.response.headers) {
    for (const auto& h : *entry.response.headers) bytes += h.name.size() + h.value.size();
  }
  for (const auto& v : entry.violations) bytes += v.rule.size() + v.message.size();
  return bytes;
}

Journal::Journal(size_t limit, size_t byte_limit)
    : limit_(limit == 0 ? 1 : limit), byte_limit_(byte_limit) {}

uint64_t Journal::record(Entry entry) {
  auto stored = std::make_shared<Entry>(std::move(entry));  // allocated outside the lock
  size_t size = entry_bytes(*stored);
  uint64_t id = 0;
  // The entries a full journal lets go of are freed after the lock: every
  // request of every connection waits on it (a tail at 50 connections).
  EntryPtr evicted;
  std::vector<EntryPtr> more_evicted;
  {
    std::lock_guard lock(mutex_);
    stored->id = id = next_id_++;
    entries_.push_back(stored);
    bytes_ += size;
    while (entries_.size() > limit_ || (bytes_ > byte_limit_ && entries_.size() > 1)) {
      bytes_ -= entry_bytes(*entries_.front());
      if (evicted) {
        more_evicted.push_back(std::move(entries_.front()));  // a byte limit's several
      } else {
        evicted = std::move(entries_.front());
      }
      entries_.pop_front();
      ++dropped_;
    }
    ++generation_;
  }
  changed_.notify_all();
  if (listener_) listener_(*stored);
  return id;
}

std::vector<EntryPtr> Journal::entries() const {
  std::lock_guard lock(mutex_);
  return {entries_.begin(), entries_.end()};
}

std::vector<EntryPtr> Journal::find(const FilterMatcher& filter) const {
  std::vector<EntryPtr> out;
  for (auto& e : entries()) {
    if (filter.matches(*e)) out.push_back(std::move(e));
  }
  return out;
}

size_t Journal::count(const FilterMatcher& filter) const {
  auto all = entries();
  return static_cast<size_t>(
      std::count_if(all.begin(), all.end(), [&](const EntryPtr& e) { return filter.matches(*e); }));
}

EntryPtr Journal::by_id(uint64_t id) const {
  std::lock_guard lock(mutex_);
  auto it = std::lower_bound(entries_.begin(), entries_.end(), id,
                             [](const EntryPtr& e, uint64_t wanted) { return e->id < wanted; });
  return it != entries_.end() && (*it)->id == id ? *it : nullptr;
}

size_t Journal::wait_for(const FilterMatcher& filter, size_t wanted,
                         std::chrono::milliseconds timeout) const {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    uint64_t seen = 0;
    {
      std::lock_guard lock(mutex_);
      seen = generation_;
    }
    size_t reached = count(filter);
    std::unique_lock lock(mutex_);
    if (reached >= wanted || released_) return reached;
    ++waiters_;
    bool changed =
        changed_.wait_until(lock, deadline, [&] { return generation_ != seen || released_; });
    --waiters_;
    if (!changed) return reached;
  }
}

std::vector<EntryPtr> Journal::after(uint64_t id, size_t most) const {
  std::lock_guard lock(mutex_);
  auto first = std::upper_bound(entries_.begin(), entries_.end(), id,
                                [](uint64_t wanted, const EntryPtr& e) { return wanted < e->id; });
  if (static_cast<size_t>(entries_.end() - first) > most) first = entries_.end() - most;
  return {first, entries_.end()};
}

uint64_t Journal::last_id() const {
  std::lock_guard lock(mutex_);
  return next_id_ - 1;
}

Journal::Waited Journal::wait_newer(uint64_t id,
                                    std::chrono::steady_clock::time_point until) const {
  std::unique_lock lock(mutex_);
  ++waiters_;
  bool woken = changed_.wait_until(lock, until, [&] { return next_id_ - 1 > id || released_; });
  --waiters_;
  if (released_) return Waited::released;
  return woken ? Waited::newer : Waited::timeout;
}

bool Journal::wait_released(std::chrono::steady_clock::time_point until) const {
  std::unique_lock lock(mutex_);
  return released_changed_.wait_until(lock, until, [&] { return released_; });
}

void Journal::release_waiters() {
  {
    std::lock_guard lock(mutex_);
    released_ = true;
  }
  changed_.notify_all();
  released_changed_.notify_all();
}

size_t Journal::waiters() const {
  std::lock_guard lock(mutex_);
  return waiters_;
}

size_t Journal::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

size_t Journal::bytes() const {
  std::lock_guard lock(mutex_);
  return bytes_;
}

uint64_t Journal::dropped() const {
  std::lock_guard lock(mutex_);
  return dropped_;
}

void Journal::clear() {
  {
    std::lock_guard lock(mutex_);
    entries_.clear();
    bytes_ = 0;
    dropped_ = 0;
    ++generation_;
  }
  changed_.notify_all();
}

}  // namespace drivemock::journal
