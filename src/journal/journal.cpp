#include "journal/journal.h"

#include <algorithm>
#include <thread>

namespace drivemock::journal {

size_t entry_bytes(const Entry& entry) {
  size_t bytes = sizeof(Entry) + entry.request.bytes() + entry.response.body_text().size() +
                 entry.seen().operation.size();
  if (entry.response.headers) {
    for (const auto& h : *entry.response.headers) bytes += h.name.size() + h.value.size();
  }
  for (const auto& v : entry.seen().violations) bytes += v.rule.size() + v.message.size();
  return bytes;
}

Journal::Journal(size_t limit, size_t byte_limit)
    : limit_(limit == 0 ? 1 : limit),
      byte_limit_(byte_limit),
      slots_(std::make_unique<Slot[]>(kSlots)) {}

uint64_t Journal::record(Entry entry) {
  auto stored = std::make_shared<Entry>(std::move(entry));
  size_t size = entry_bytes(*stored);
  uint64_t id = stored->id = next_id_.fetch_add(1);
  publish(id, stored, size);
  hand_over();
  if (listener_) listener_(*stored);
  return id;
}

void Journal::publish(uint64_t id, EntryPtr entry, size_t bytes) {
  // The slot is free once the id kSlots before this one is kept.
  while (id - kept_id_.load() > kSlots) {
    keep();
    std::this_thread::yield();  // the entry keeping it back is still being published
  }
  Slot& slot = slots_[id % kSlots];
  slot.entry = std::move(entry);
  slot.bytes = bytes;
  slot.published.store(id);
}

void Journal::hand_over() {
  // Whoever finds no other thread keeping keeps; the others go on at once.
  // All sequentially consistent: a thread that published and then found
  // `keeping_` set did so before the keeper let it go, and the keeper looks
  // again after letting go, so no published entry is left behind.
  while (!keeping_.exchange(true)) {
    keep();
    keeping_.store(false);
    if (!next_is_published()) return;
  }
}

void Journal::keep() {
  bool moved = false;
  {
    std::lock_guard lock(mutex_);
    moved = keep_published();
  }
  if (moved) changed_.notify_all();
}

bool Journal::next_is_published() const {
  uint64_t next = kept_id_.load() + 1;
  return slots_[next % kSlots].published.load() == next;
}

bool Journal::keep_published() const {
  bool moved = false;
  for (uint64_t next = kept_id_.load() + 1;; ++next) {
    Slot& slot = slots_[next % kSlots];
    if (slot.published.load() != next) break;
    entries_.push_back(std::move(slot.entry));
    bytes_ += slot.bytes;
    kept_id_.store(next);  // after the move: the slot is free for id next + kSlots
    moved = true;
  }
  if (!moved) return false;
  // Evicted under the lock: only the keeping thread and readers wait for it.
  while (entries_.size() > limit_ || (bytes_ > byte_limit_ && entries_.size() > 1)) {
    bytes_ -= entry_bytes(*entries_.front());
    entries_.pop_front();
    ++dropped_;
  }
  ++generation_;
  return true;
}

std::unique_lock<std::mutex> Journal::settled() const {
  std::unique_lock lock(mutex_);
  for (;;) {
    bool moved = keep_published();
    // An entry published after an id that is taken but not yet published
    // (its thread between the two) is not kept yet: wait for that one.
    bool gap = false;
    uint64_t taken = next_id_.load();
    for (uint64_t id = kept_id_.load() + 2; id < taken && !gap; ++id) {
      gap = slots_[id % kSlots].published.load() == id;
    }
    if (moved) changed_.notify_all();
    if (!gap) return lock;
    lock.unlock();
    std::this_thread::yield();
    lock.lock();
  }
}

void Journal::visit(const std::function<void(const EntryPtr&)>& f) const {
  auto lock = settled();
  for (const auto& e : entries_) f(e);
}

std::vector<EntryPtr> Journal::entries() const {
  auto lock = settled();
  return {entries_.begin(), entries_.end()};
}

std::vector<EntryPtr> Journal::find(const FilterMatcher& filter) const {
  std::vector<EntryPtr> out;
  visit([&](const EntryPtr& e) {
    if (filter.matches(*e)) out.push_back(e);
  });
  return out;
}

size_t Journal::count(const FilterMatcher& filter) const {
  size_t n = 0;
  visit([&](const EntryPtr& e) { n += filter.matches(*e) ? 1 : 0; });
  return n;
}

EntryPtr Journal::entry(uint64_t id) const {
  auto lock = settled();
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
  auto lock = settled();
  auto first = std::upper_bound(entries_.begin(), entries_.end(), id,
                                [](uint64_t wanted, const EntryPtr& e) { return wanted < e->id; });
  if (static_cast<size_t>(entries_.end() - first) > most) first = entries_.end() - most;
  return {first, entries_.end()};
}

uint64_t Journal::last_id() const {
  auto lock = settled();
  return kept_id_.load();
}

Journal::Waited Journal::wait_newer(uint64_t id,
                                    std::chrono::steady_clock::time_point until) const {
  std::unique_lock lock(mutex_);
  ++waiters_;
  bool woken = changed_.wait_until(lock, until, [&] { return kept_id_.load() > id || released_; });
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
  auto lock = settled();
  return entries_.size();
}

size_t Journal::bytes() const {
  auto lock = settled();
  return bytes_;
}

uint64_t Journal::dropped() const {
  auto lock = settled();
  return dropped_;
}

void Journal::clear() {
  {
    auto lock = settled();
    entries_.clear();
    bytes_ = 0;
    dropped_ = 0;
    ++generation_;
  }
  changed_.notify_all();
}

}  // namespace drivemock::journal
