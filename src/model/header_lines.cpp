#include "model/header_lines.h"

#include <array>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace drivemock::header_lines {

namespace {

/// A line as the table's key: the name's length in front, so that no name
/// and value run into another pair's.
std::string key_of(std::string_view name, std::string_view value) {
  std::string key(sizeof(uint32_t) + name.size() + value.size(), '\0');
  auto length = static_cast<uint32_t>(name.size());
  std::memcpy(key.data(), &length, sizeof length);
  std::memcpy(key.data() + sizeof length, name.data(), name.size());
  if (!value.empty())
    std::memcpy(key.data() + sizeof length + name.size(), value.data(), value.size());
  return key;
}

struct Table {
  std::mutex mutex;
  std::unordered_map<std::string, uint32_t> ids;  ///< node-based: keys never move
  /// Views into the keys, by id. An id reaches another thread only through
  /// the entry that holds it, published after the line was written here.
  std::unique_ptr<Line[]> lines = std::make_unique<Line[]>(kCapacity);
  uint32_t size = 0;
};

Table& table() {
  static Table* const shared = new Table;  // never destroyed: entries outlive statics' order
  return *shared;
}

/// The line a thread last asked for at a place: a hit costs two
/// comparisons, no lock.
struct Cached {
  std::string name;
  std::string value;
  uint32_t id = 0;
  bool set = false;
};
constexpr size_t kCachedLines = 32;

std::optional<uint32_t> intern_shared(std::string_view name, std::string_view value) {
  Table& t = table();
  std::string key = key_of(name, value);
  std::lock_guard lock(t.mutex);
  if (auto found = t.ids.find(key); found != t.ids.end()) return found->second;
  if (t.size == kCapacity) return std::nullopt;
  auto [at, _] = t.ids.emplace(std::move(key), t.size);
  std::string_view stored = at->first;
  stored.remove_prefix(sizeof(uint32_t));
  t.lines[t.size] = {stored.substr(0, name.size()), stored.substr(name.size())};
  return t.size++;
}

}  // namespace

std::optional<uint32_t> intern(std::string_view name, std::string_view value, size_t position) {
  if (name.size() > kMostNameBytes || value.size() > kMostValueBytes) return std::nullopt;
  thread_local std::array<Cached, kCachedLines> cache;
  Cached& cached = cache[position % kCachedLines];
  if (cached.set && cached.name == name && cached.value == value) return cached.id;
  std::optional<uint32_t> id = intern_shared(name, value);
  if (id) cached = {std::string(name), std::string(value), *id, true};
  return id;
}

Line line(uint32_t id) {
  return table().lines[id];
}

uint32_t size() {
  Table& t = table();
  std::lock_guard lock(t.mutex);
  return t.size;
}

}  // namespace drivemock::header_lines
