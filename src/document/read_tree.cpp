#include "document/read.h"

namespace drivemock::document {
namespace {

// Offsets in a tree are 32 bits; the callers' bound is far below this.
constexpr size_t kMostBytes = size_t{1} << 31;

bool looks_like_json(std::string_view text) {
  auto first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && (text[first] == '{' || text[first] == '[');
}

}  // namespace

std::optional<Tree> read_tree(std::string_view text, const std::string& file,
                              Diagnostics& diagnostics) {
  if (text.size() >= kMostBytes) {
    diagnostics.push_back({Severity::error, file, 1, 1, "a document of 2 GiB or more"});
    return std::nullopt;
  }
  std::optional<Read::Failure> json_failure;
  if (looks_like_json(text)) {
    Read json = read_json(text);
    if (json.tree) return std::move(json.tree);
    json_failure = std::move(json.failure);
  }
  // JSON that does not read as JSON may be YAML's flow style ({a: 1}).
  Read yaml = json_failure && json_failure->why == Read::Why::refused ? Read{} : read_yaml(text);
  if (yaml.tree) return std::move(yaml.tree);
  const Read::Failure& failure = json_failure ? *json_failure : *yaml.failure;
  diagnostics.push_back({Severity::error, file, failure.line, failure.column, failure.message});
  return std::nullopt;
}

std::optional<Tree> read_json_tree(std::string_view text) {
  if (text.size() >= kMostBytes) return std::nullopt;
  return std::move(read_json(text).tree);
}

}  // namespace drivemock::document
