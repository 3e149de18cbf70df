#include "document/read.h"

namespace drivemock::document {
namespace {

// Offsets in a tree are 32 bits; the callers' bound is far below this.
constexpr size_t kMostBytes = size_t{1} << 31;
// JSON that does not read as JSON is read again as YAML flow up to this
// size: yaml-cpp's scanner holds a flow collection's tokens whole, some 70
// times its text (a 31 MiB pact broken at one byte took 2.2 GiB).
constexpr size_t kMostFlowYamlBytes = size_t{1} << 20;

bool looks_like_json(std::string_view text) {
  auto first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && (text[first] == '{' || text[first] == '[');
}

/// Whether YAML's flow style may read a text that failed as JSON so.
bool yaml_may_read(const Read::Failure& failure, size_t size) {
  return failure.why == Read::Why::invalid && size <= kMostFlowYamlBytes;
}

/// The error a reader's failure is, in `file`.
Diagnostic diagnostic_of(const Read::Failure& failure, const std::string& file) {
  return {Severity::error, file, failure.line, failure.column, failure.message};
}

}  // namespace

std::string size_refusal(size_t text_bytes) {
  return "more values than a document of " + std::to_string(text_bytes) +
         " bytes may hold: reading it would take over ten times its size; expected values of "
         "five bytes or more on average, not a long list of one-character values";
}

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
  // JSON that does not read as JSON may be YAML's flow style ({a: 1}),
  // unless it was cut short or is too big to read so.
  bool as_yaml = !json_failure || yaml_may_read(*json_failure, text.size());
  Read yaml = as_yaml ? read_yaml(text) : Read{};
  if (yaml.tree) return std::move(yaml.tree);
  diagnostics.push_back(diagnostic_of(json_failure ? *json_failure : *yaml.failure, file));
  return std::nullopt;
}

Attempt read_yaml_piece(std::string_view text, int first_line, const std::string& file) {
  Read yaml = read_yaml(text, first_line);
  if (yaml.tree || yaml.failure->why != Read::Why::refused) return {std::move(yaml.tree), {}};
  return {std::nullopt, diagnostic_of(*yaml.failure, file)};
}

}  // namespace drivemock::document
