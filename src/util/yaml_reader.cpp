#include "util/yaml_reader.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "util/text_stream.h"
#include "util/yaml_repeated_keys.h"
#include "util/yaml_shape.h"

namespace drivemock {
namespace {

const char* node_kind(const YAML::Node& node) {
  if (!node.IsDefined()) return "nothing";
  switch (node.Type()) {
    case YAML::NodeType::Map: return "a mapping";
    case YAML::NodeType::Sequence: return "a list";
    case YAML::NodeType::Scalar: return "a scalar";
    default: return "nothing";
  }
}

Diagnostic positioned(Severity severity, const std::string& file, const YAML::Mark& mark,
                      std::string message) {
  // Nodes without a mark (an empty document's root) point at the start.
  int line = mark.is_null() ? 1 : mark.line + 1;
  int column = mark.is_null() ? 1 : mark.column + 1;
  return {severity, file, line, column, std::move(message)};
}

size_t errors_in(const Diagnostics& diagnostics) {
  return static_cast<size_t>(
      std::count_if(diagnostics.begin(), diagnostics.end(),
                    [](const Diagnostic& d) { return d.severity == Severity::error; }));
}

}  // namespace

YAML::Node yaml_undefined() {
  // Constructing an undefined node allocates a whole memory holder; a load
  // asks for one per absent key, so each thread makes it once and hands out
  // copies (which share it; nothing may assign through them).
  thread_local const YAML::Node undefined(YAML::NodeType::Undefined);
  return undefined;
}

std::string join_keys(const YamlKeys& keys) {
  std::string out;
  for (auto k : keys) out += (out.empty() ? "" : ", ") + std::string(k);
  return out;
}

YAML::Node yaml_member(const YAML::Node& map, std::string_view key) {
  if (map.IsMap()) {
    for (const auto& kv : map) {
      if (kv.first.Scalar() == key) return kv.second;
    }
  }
  return yaml_undefined();
}

bool yaml_has_any_key(const YAML::Node& map, const YamlKeys& keys) {
  for (const auto& kv : map) {
    if (std::find(keys.begin(), keys.end(), kv.first.Scalar()) != keys.end()) return true;
  }
  return false;
}

std::optional<YAML::Node> load_yaml(std::string_view text, const std::string& file,
                                    Diagnostics& diagnostics) {
  if (auto refused = check_yaml_shape(text, file)) {
    diagnostics.push_back(std::move(*refused));
    return std::nullopt;
  }
  TextStream in(text);
  try {
    return YAML::Load(in);
  } catch (const YAML::Exception& e) {
    diagnostics.push_back(positioned(Severity::error, file, e.mark, "invalid YAML: " + e.msg));
    return std::nullopt;
  }
}

YamlReader::YamlReader(const std::string& file, Diagnostics& diagnostics)
    : file_(file), diagnostics_(diagnostics), errors_(errors_in(diagnostics)) {}

void YamlReader::report(Severity severity, const YAML::Node& at, std::string message) {
  // A missing key has no position: the mapping it is missing from has.
  YAML::Mark mark = at.IsDefined()         ? at.Mark()
                    : context_.IsDefined() ? context_.Mark()
                                           : YAML::Mark::null_mark();
  if (!mark.is_null()) mark.line += first_line_;
  diagnostics_.push_back(positioned(severity, file_, mark, bounded_message(std::move(message))));
  if (severity == Severity::error) ++errors_;
}

void YamlReader::check_repeated_keys(const YAML::Node& node) {
  auto repeats = repeated_keys(node);
  // In the file's order, as the other errors come.
  std::sort(repeats.begin(), repeats.end(), [](const RepeatedKey& a, const RepeatedKey& b) {
    return std::pair(a.repeat.Mark().line, a.repeat.Mark().column) <
           std::pair(b.repeat.Mark().line, b.repeat.Mark().column);
  });
  for (const auto& r : repeats) {
    error(r.repeat, repeated_key_message(r.repeat.Scalar(), r.first.Mark().line + 1 + first_line_));
  }
}

void YamlReader::error_at(int line, int column, std::string message) {
  diagnostics_.push_back(
      {Severity::error, file_, line, column, bounded_message(std::move(message))});
  ++errors_;
}

const YAML::Node& YamlMembers::operator[](std::string_view key) const {
  auto found = std::find(keys_.begin(), keys_.end(), key);
  return values_.at(static_cast<size_t>(found - keys_.begin()));
}

void YamlReader::adopt(const Diagnostics& more) {
  append(diagnostics_, more);
  errors_ += errors_in(more);
}

bool YamlReader::expect(const YAML::Node& node, YAML::NodeType::value type,
                        std::string_view expected) {
  if (node.IsDefined() && node.Type() == type) return true;
  error(node, "expected " + std::string(expected) + ", found " + node_kind(node));
  return false;
}

void YamlReader::check_keys(const YAML::Node& map, const YamlKeys& allowed, std::string_view what) {
  members(map, allowed, what);
}

YamlMembers YamlReader::members(const YAML::Node& map, const YamlKeys& allowed,
                                std::string_view what) {
  YamlMembers read(allowed);
  for (const auto& kv : map) {
    const std::string& key = kv.first.Scalar();
    auto found = std::find(allowed.begin(), allowed.end(), key);
    if (found == allowed.end()) {
      error(kv.first, "unknown key '" + key + "' in " + std::string(what) +
                          "; expected one of: " + join_keys(allowed));
      continue;
    }
    // The first of a repeated key, as yaml_member finds it.
    auto& value = read.values_[static_cast<size_t>(found - allowed.begin())];
    if (!value.IsDefined()) value.reset(kv.second);
  }
  return read;
}

std::optional<std::string> YamlReader::scalar(const YAML::Node& node, std::string_view expected) {
  if (!expect(node, YAML::NodeType::Scalar, expected)) return std::nullopt;
  return node.Scalar();
}

namespace {

/// A bound as a person writes it: 600000, 0.5, 1e+09.
std::string bound_text(int value) {
  return std::to_string(value);
}
std::string bound_text(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", value);
  return buffer;
}

template <typename T>
struct Bounds {
  T min;
  T max;
};

/// The scalar as a T from min to max, or an error that says so.
template <typename T>
std::optional<T> in_range(YamlReader& in, const YAML::Node& node, std::string_view what,
                          Bounds<T> bounds) {
  auto [min, max] = bounds;
  auto text = in.scalar(node, what);
  if (!text) return std::nullopt;
  T value{};
  const char* end = text->data() + text->size();
  auto [p, ec] = std::from_chars(text->data(), end, value);
  // Written as !(in range): a NaN is in no range.
  if (ec != std::errc() || p != end || !(value >= min && value <= max)) {
    in.error(node, "expected " + std::string(what) + " from " + bound_text(min) + " to " +
                       bound_text(max) + ", found '" + *text + "'");
    return std::nullopt;
  }
  return value;
}

}  // namespace

std::optional<int> YamlReader::integer(const YAML::Node& node, std::string_view what, int min,
                                       int max) {
  return in_range(*this, node, what, Bounds<int>{min, max});
}

std::optional<double> YamlReader::number(const YAML::Node& node, std::string_view what, double min,
                                         double max) {
  return in_range(*this, node, what, Bounds<double>{min, max});
}

std::optional<bool> YamlReader::boolean(const YAML::Node& node, std::string_view what) {
  auto text = scalar(node, what);
  if (!text) return std::nullopt;
  if (*text == "true") return true;
  if (*text == "false") return false;
  error(node, "expected " + std::string(what) + " (true or false), found '" + *text + "'");
  return std::nullopt;
}

}  // namespace drivemock
