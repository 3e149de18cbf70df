#include "util/name.h"

#include <array>
#include <mutex>
#include <unordered_set>

namespace drivemock {

namespace {

struct Table {
  std::mutex mutex;
  std::unordered_set<std::string> texts;  ///< node-based: a text never moves
};

Table& table() {
  static Table* const shared = new Table;  // never destroyed: names outlive statics' order
  return *shared;
}

/// The interned text, or null when it may not be interned (too long, or the
/// table is full).
const std::string* intern_text(std::string_view text) {
  if (text.size() > Name::kMostInternedBytes) return nullptr;
  // What this thread interned lately, by a cheap hash: a hit takes no lock.
  constexpr size_t kCached = 64;
  thread_local std::array<const std::string*, kCached> cache{};
  size_t h = text.size() * 31 + static_cast<unsigned char>(text.front()) * 7 +
             static_cast<unsigned char>(text.back());
  const std::string*& cached = cache[h % kCached];
  if (cached && *cached == text) return cached;
  Table& t = table();
  std::lock_guard lock(t.mutex);
  auto found = t.texts.find(std::string(text));
  if (found == t.texts.end()) {
    if (t.texts.size() == Name::kMostInterned) return nullptr;
    found = t.texts.emplace(text).first;
  }
  cached = &*found;
  return cached;
}

}  // namespace

Name::Name(std::string_view text) {
  if (text.empty()) return;
  if (const std::string* shared = intern_text(text)) {
    text_ = reinterpret_cast<uintptr_t>(shared);
  } else {
    text_ = reinterpret_cast<uintptr_t>(new std::string(text)) | kOwned;
  }
}

Name::Name(const Name& other) : text_(other.text_) {
  if (text_ & kOwned) text_ = reinterpret_cast<uintptr_t>(new std::string(other.str())) | kOwned;
}

Name& Name::operator=(const Name& other) {
  if (this != &other) *this = Name(other);
  return *this;
}

Name& Name::operator=(Name&& other) noexcept {
  if (this != &other) {
    release();
    text_ = other.text_;
    other.text_ = 0;
  }
  return *this;
}

void Name::release() {
  if (text_ & kOwned) delete reinterpret_cast<const std::string*>(text_ & ~kOwned);
  text_ = 0;
}

size_t Name::interned() {
  Table& t = table();
  std::lock_guard lock(t.mutex);
  return t.texts.size();
}

}  // namespace drivemock
