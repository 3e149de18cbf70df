#include "document/read.h"

namespace drivemock::document {
namespace {

bool looks_like_json(std::string_view text) {
  auto first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && (text[first] == '{' || text[first] == '[');
}

}  // namespace

std::optional<Tree> read_tree(std::string_view text, const std::string& file,
                              Diagnostics& diagnostics) {
  // Offsets in a tree are 32 bits; the callers' bound is far below this.
  if (text.size() >= (size_t{1} << 31)) {
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

}  // namespace drivemock::document
