#include "util/yaml_reader.h"

#include <algorithm>
#include <charconv>

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

}  // namespace

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
  return YAML::Node(YAML::NodeType::Undefined);
}

bool yaml_has_any_key(const YAML::Node& map, const YamlKeys& keys) {
  for (const auto& kv : map) {
    if (std::find(keys.begin(), keys.end(), kv.first.Scalar()) != keys.end()) return true;
  }
  return false;
}

std::optional<YAML::Node> load_yaml(std::string_view text, const std::string& file,
                                    Diagnostics& diagnostics) {
  try {
    return YAML::Load(std::string(text));
  } catch (const YAML::Exception& e) {
    diagnostics.push_back(positioned(Severity::error, file, e.mark, "invalid YAML: " + e.msg));
    return std::nullopt;
  }
}

void YamlReader::report(Severity severity, const YAML::Node& at, std::string message) {
  // A missing key has no position: the mapping it is missing from has.
  YAML::Mark mark = at.IsDefined()         ? at.Mark()
                    : context_.IsDefined() ? context_.Mark()
                                           : YAML::Mark::null_mark();
  diagnostics_.push_back(positioned(severity, file_, mark, std::move(message)));
}

size_t YamlReader::error_count() const {
  return static_cast<size_t>(
      std::count_if(diagnostics_.begin(), diagnostics_.end(),
                    [](const Diagnostic& d) { return d.severity == Severity::error; }));
}

bool YamlReader::expect(const YAML::Node& node, YAML::NodeType::value type,
                        const std::string& expected) {
  if (node.IsDefined() && node.Type() == type) return true;
  error(node, "expected " + expected + ", found " + node_kind(node));
  return false;
}

void YamlReader::check_keys(const YAML::Node& map, const YamlKeys& allowed,
                            const std::string& what) {
  for (const auto& kv : map) {
    const std::string& key = kv.first.Scalar();
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      error(kv.first,
            "unknown key '" + key + "' in " + what + "; expected one of: " + join_keys(allowed));
    }
  }
}

std::optional<std::string> YamlReader::scalar(const YAML::Node& node, const std::string& expected) {
  if (!expect(node, YAML::NodeType::Scalar, expected)) return std::nullopt;
  return node.Scalar();
}

std::optional<int> YamlReader::integer(const YAML::Node& node, const std::string& what, int min,
                                       int max) {
  auto text = scalar(node, what);
  if (!text) return std::nullopt;
  int value = 0;
  const char* end = text->data() + text->size();
  auto [p, ec] = std::from_chars(text->data(), end, value);
  if (ec != std::errc() || p != end || value < min || value > max) {
    error(node, "expected " + what + " from " + std::to_string(min) + " to " + std::to_string(max) +
                    ", found '" + *text + "'");
    return std::nullopt;
  }
  return value;
}

std::optional<bool> YamlReader::boolean(const YAML::Node& node, const std::string& what) {
  auto text = scalar(node, what);
  if (!text) return std::nullopt;
  if (*text == "true") return true;
  if (*text == "false") return false;
  error(node, "expected " + what + " (true or false), found '" + *text + "'");
  return std::nullopt;
}

}  // namespace drivemock
