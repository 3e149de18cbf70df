#include "util/json.h"

#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include <algorithm>
#include <vector>

namespace drivemock::json {

std::string to_string(const rapidjson::Value& value) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  value.Accept(w);
  return {buffer.GetString(), buffer.GetSize()};
}

namespace {

/// A RapidJSON input stream over a string_view.
struct ViewStream {
  using Ch = char;
  std::string_view text;
  size_t at = 0;
  Ch Peek() const { return at < text.size() ? text[at] : '\0'; }
  Ch Take() { return at < text.size() ? text[at++] : '\0'; }
  size_t Tell() const { return at; }
};

/// Copies what it is given; a RapidJSON output stream.
struct StringSink {
  using Ch = char;
  std::string* out;
  void Put(Ch c) { out->push_back(c); }
};

/// Discards what it is given.
struct NullSink {
  using Ch = char;
  void Put(Ch) {}
};

bool is_valid_utf8(std::string_view s) {
  ViewStream in{s};
  NullSink none;
  while (in.at < s.size()) {
    if (!rapidjson::UTF8<>::Validate(in, none)) return false;
  }
  return true;
}

}  // namespace

std::string valid_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  ViewStream in{s};
  while (in.at < s.size()) {
    size_t start = in.at;
    std::string code_point;
    StringSink sink{&code_point};
    if (rapidjson::UTF8<>::Validate(in, sink)) {
      out += code_point;
    } else {
      out += "\xEF\xBF\xBD";  // U+FFFD REPLACEMENT CHARACTER
      in.at = start + 1;
    }
  }
  return out;
}

void write_string(Writer& w, std::string_view s) {
  if (is_valid_utf8(s)) {
    w.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
    return;
  }
  std::string valid = valid_utf8(s);
  w.String(valid.data(), static_cast<rapidjson::SizeType>(valid.size()));
}

void write_member(Writer& w, std::string_view key, std::string_view value) {
  write_string(w, key);
  write_string(w, value);
}

std::string string_object(
    std::initializer_list<std::pair<std::string_view, std::string_view>> members) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  w.StartObject();
  for (const auto& [key, value] : members) write_member(w, key, value);
  w.EndObject();
  return {buffer.GetString(), buffer.GetSize()};
}

namespace {

/// Calls `visit(container, depth)` for each array and object in `root` (the
/// root at depth 1) until one call returns true; says whether one did. An
/// explicit stack, since a value may nest deeper than the call stack goes.
template <typename Visit>
bool any_container(const rapidjson::Value& root, Visit visit) {
  std::vector<std::pair<const rapidjson::Value*, size_t>> pending = {{&root, 1}};
  while (!pending.empty()) {
    auto [value, depth] = pending.back();
    pending.pop_back();
    if (!value->IsArray() && !value->IsObject()) continue;
    if (visit(*value, depth)) return true;
    if (value->IsArray()) {
      for (const auto& item : value->GetArray()) pending.emplace_back(&item, depth + 1);
    } else {
      for (const auto& member : value->GetObject()) pending.emplace_back(&member.value, depth + 1);
    }
  }
  return false;
}

}  // namespace

std::optional<Error> parse_untrusted_into(std::string_view text, rapidjson::Document& doc) {
  if (auto nul = text.find('\0'); nul != std::string_view::npos) {
    return Error{"a NUL byte (at byte offset " + std::to_string(nul) + ")"};
  }
  constexpr unsigned kFlags =
      rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag;
  doc.Parse<kFlags>(text.data(), text.size());
  if (doc.HasParseError()) {
    return Error{std::string(rapidjson::GetParseError_En(doc.GetParseError())) +
                 " (at byte offset " + std::to_string(doc.GetErrorOffset()) + ")"};
  }
  if (any_container(doc, [](const rapidjson::Value&, size_t depth) { return depth > kMaxDepth; })) {
    return Error{"arrays and objects nest deeper than " + std::to_string(kMaxDepth) + " levels"};
  }
  return std::nullopt;
}

Result<rapidjson::Document> parse_untrusted(std::string_view text) {
  rapidjson::Document doc;
  if (auto error = parse_untrusted_into(text, doc)) return std::move(*error);
  return doc;
}

namespace {

/// Objects up to this size are checked pair by pair, with no allocation: a
/// request body has a handful of members.
constexpr rapidjson::SizeType kPairwiseMembers = 8;

std::string_view name_of(const rapidjson::Value::Member& member) {
  return {member.name.GetString(), member.name.GetStringLength()};
}

}  // namespace

std::optional<std::string> first_duplicate_name(const rapidjson::Value& root) {
  std::optional<std::string> found;
  std::vector<std::string_view> names;
  any_container(root, [&](const rapidjson::Value& value, size_t) {
    if (!value.IsObject()) return false;
    auto object = value.GetObject();
    std::optional<std::string_view> twice;  // the smallest name given twice
    if (object.MemberCount() <= kPairwiseMembers) {
      for (auto a = object.begin(); a != object.end(); ++a) {
        for (auto b = a + 1; b != object.end(); ++b) {
          if (name_of(*a) == name_of(*b) && (!twice || name_of(*a) < *twice)) twice = name_of(*a);
        }
      }
    } else {
      names.clear();
      for (const auto& member : object) names.push_back(name_of(member));
      std::sort(names.begin(), names.end());
      auto at = std::adjacent_find(names.begin(), names.end());
      if (at != names.end()) twice = *at;
    }
    if (twice) found = std::string(*twice);
    return found.has_value();
  });
  return found;
}

namespace {

/// SAX handler for top_level_string: follows the depth, remembers whether
/// the last key at depth 1 was the one looked for, and stops at its value.
struct TopLevelString : rapidjson::BaseReaderHandler<rapidjson::UTF8<>, TopLevelString> {
  std::string_view key;
  int depth = 0;
  bool wanted = false;
  std::optional<std::string> found;

  bool Default() {
    wanted = false;
    return depth > 0;  // a scalar at the top: no object
  }
  bool String(const char* s, rapidjson::SizeType n, bool) {
    if (wanted) {
      found.emplace(s, n);
      return false;  // found: stop reading
    }
    return Default();
  }
  bool Key(const char* s, rapidjson::SizeType n, bool) {
    wanted = depth == 1 && std::string_view(s, n) == key;
    return true;
  }
  bool StartObject() {
    wanted = false;
    ++depth;
    return static_cast<size_t>(depth) <= kMaxDepth;
  }
  bool EndObject(rapidjson::SizeType) { return --depth > 0; }
  bool StartArray() {
    bool top = depth == 0;
    wanted = false;
    ++depth;
    return !top && static_cast<size_t>(depth) <= kMaxDepth;
  }
  bool EndArray(rapidjson::SizeType) { return --depth > 0; }
};

}  // namespace

std::optional<std::string> top_level_string(std::string_view text, std::string_view key) {
  TopLevelString handler;
  handler.key = key;
  rapidjson::MemoryStream stream(text.data(), text.size());
  rapidjson::Reader reader;
  reader.Parse(stream, handler);
  return handler.found;
}

void write_count(Writer& w, std::string_view key, uint64_t n) {
  write_string(w, key);
  w.Uint64(n);
}

void write_int(Writer& w, std::string_view key, int64_t n) {
  write_string(w, key);
  w.Int64(n);
}

void write_number(Writer& w, std::string_view key, double n) {
  write_string(w, key);
  w.Double(n);
}

void write_position(Writer& w, std::string_view file, int line, int column) {
  write_member(w, "file", file);
  write_int(w, "line", line);
  write_int(w, "column", column);
}

const char* type_name(const rapidjson::Value& value) {
  switch (value.GetType()) {
    case rapidjson::kNullType: return "null";
    case rapidjson::kFalseType:
    case rapidjson::kTrueType: return "boolean";
    case rapidjson::kObjectType: return "object";
    case rapidjson::kArrayType: return "array";
    case rapidjson::kStringType: return "string";
    case rapidjson::kNumberType: return "number";
  }
  return "unknown";
}

}  // namespace drivemock::json
