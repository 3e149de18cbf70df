#pragma once
// Small RapidJSON helpers shared by the contract, the journal and the admin
// API: building JSON text without re-implementing escaping.

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "util/result.h"

namespace drivemock::json {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

/// Serialises any RapidJSON value to compact JSON text.
std::string to_string(const rapidjson::Value& value);

/// Writes a string value (RapidJSON escapes it). Bytes that are not UTF-8 (a
/// client's broken body, say) become U+FFFD, so the output is always JSON.
void write_string(Writer& w, std::string_view s);

/// `s` with every byte that is not part of valid UTF-8 replaced by U+FFFD.
std::string valid_utf8(std::string_view s);

/// Writes `"key": "value"` inside an object.
void write_member(Writer& w, std::string_view key, std::string_view value);

/// The string value of `key` in the JSON object `text` (a top-level member:
/// an envelope's `code`), read without building a document and stopping
/// once found; nothing when `text` is no object with such a string member.
std::optional<std::string> top_level_string(std::string_view text, std::string_view key);

/// Writes `"key": n` (or a flag, or a number that may be negative or not
/// whole) inside an object: one name each, since a string literal given
/// where a bool is taken would convert to it.
void write_count(Writer& w, std::string_view key, uint64_t n);
void write_int(Writer& w, std::string_view key, int64_t n);
void write_number(Writer& w, std::string_view key, double n);
/// Only a bool: a pointer or a number given here would convert to one.
void write_bool(Writer& w, std::string_view key, std::same_as<bool> auto value) {
  write_string(w, key);
  w.Bool(value);
}

/// The JSON text of an object whose members `members(w)` writes.
template <class Members>
std::string object_text(Members&& members) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  w.StartObject();
  members(w);
  w.EndObject();
  return {buffer.GetString(), buffer.GetSize()};
}

/// Writes `"key": [...]` inside an object, an element for each of `items`
/// by `write_item(item)`.
template <class Items, class WriteItem>
void write_array(Writer& w, std::string_view key, const Items& items, WriteItem&& write_item) {
  write_string(w, key);
  w.StartArray();
  for (const auto& item : items) write_item(item);
  w.EndArray();
}

/// Writes `"file": …, "line": …, "column": …`, a position in a file, inside an object.
void write_position(Writer& w, std::string_view file, int line, int column);

/// A flat object of string members, in the order given.
std::string string_object(
    std::initializer_list<std::pair<std::string_view, std::string_view>> members);

/// Arrays and objects nested deeper than this are refused wherever drivemock
/// reads JSON from outside: RapidJSON compares and writes values
/// recursively, so a deep enough value would overflow the stack.
constexpr size_t kMaxDepth = 64;

/// Parses untrusted JSON text: UTF-8 checked, iteratively, with a raw NUL
/// refused (RapidJSON would take it for the end of the text) and nesting
/// limited to kMaxDepth. The value, or what is wrong with the byte offset
/// where there is one.
Result<rapidjson::Document> parse_untrusted(std::string_view text);

/// parse_untrusted into `doc`, whose allocator the caller chose (a
/// SmallPool's): nothing, or what is wrong.
std::optional<Error> parse_untrusted_into(std::string_view text, rapidjson::Document& doc);

/// Where a small document's values live (a request body's). A RapidJSON
/// document takes its first 64 KiB chunk from malloc on every parse: too big
/// for malloc's per-thread cache, so under load each request took a shared
/// arena's lock to get it and again to give it back, the lock drivemock's
/// threads waited for most (docs/performance.md, the tail). A request body's
/// values fit in this buffer, which comes with its allocator in one block
/// small enough for that cache; a bigger body's go on in chunks.
class SmallPool {
 public:
  SmallPool() : allocator_(buffer_, sizeof buffer_, kChunkBytes) {}
  SmallPool(const SmallPool&) = delete;
  SmallPool& operator=(const SmallPool&) = delete;

  rapidjson::MemoryPoolAllocator<>& allocator() { return allocator_; }

 private:
  // With the allocator, under the 1,032 bytes malloc's per-thread cache
  // takes; a body of a uuid and a color needs about 130.
  static constexpr size_t kBufferBytes = 896;
  static constexpr size_t kChunkBytes = 16 * 1024;
  alignas(16) char buffer_[kBufferBytes];
  rapidjson::MemoryPoolAllocator<> allocator_;
};

/// The first member name an object in `root` gives twice, if any. RapidJSON
/// keeps both and FindMember returns the first, while other parsers keep the
/// last, so such a document means different things to different readers.
std::optional<std::string> first_duplicate_name(const rapidjson::Value& root);

/// A name for the JSON type of a value ("string", "number", "object", …).
const char* type_name(const rapidjson::Value& value);

}  // namespace drivemock::json
