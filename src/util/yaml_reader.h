#pragma once
// Reading user YAML with positions: the checks every reader of a YAML
// document needs (is this a mapping, a scalar, a number in range, only known
// keys), each reporting what it expected and where. The contract reader and
// the scenario loader both read through this, so their messages agree.

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/diagnostic.h"

namespace drivemock {

using YamlKeys = std::vector<std::string_view>;

/// "a, b, c": for "expected one of" messages.
std::string join_keys(const YamlKeys& keys);

/// An undefined node (false in `if`), without an allocation.
YAML::Node yaml_undefined();

/// The value under `key` in a mapping, or an undefined node (false in `if`).
/// A scan instead of yaml-cpp's operator[], which builds a stringstream per
/// comparison.
YAML::Node yaml_member(const YAML::Node& map, std::string_view key);

/// True when the mapping has any of `keys`.
bool yaml_has_any_key(const YAML::Node& map, const YamlKeys& keys);

/// Parses `text` into a YAML node; invalid YAML, an alias and nesting deeper
/// than kMaxYamlDepth (util/yaml_shape.h) are positioned errors.
std::optional<YAML::Node> load_yaml(std::string_view text, const std::string& file,
                                    Diagnostics& diagnostics);

/// A mapping's values under known keys (see YamlReader::members). The keys
/// are kept by reference: a constant list, as every reader has.
class YamlMembers {
 public:
  explicit YamlMembers(const YamlKeys& keys)
      : keys_(keys), values_(keys.size(), yaml_undefined()) {}

  /// The value under `key`, one of the keys read, or an undefined node.
  const YAML::Node& operator[](std::string_view key) const;

 private:
  friend class YamlReader;
  const YamlKeys& keys_;
  std::vector<YAML::Node> values_;
};

class YamlReader {
 public:
  /// Adds what it finds to `diagnostics`, which it must be the only one to
  /// add to while it reads.
  YamlReader(const std::string& file, Diagnostics& diagnostics);
  /// The file's name is kept by reference: it must outlive the reader.
  YamlReader(std::string&& file, Diagnostics& diagnostics) = delete;

  /// Nodes read from here on come from a piece of the file that starts at
  /// this line (0-based) of it: see util/yaml_slices.h.
  void set_first_line(int line) { first_line_ = line; }

  /// Where a missing key is reported: the mapping it is missing from.
  /// (reset, not `=`: assigning to a YAML::Node writes through to the node
  /// it refers to, which would change the document being read.)
  void set_context(const YAML::Node& node) { context_.reset(node); }
  void clear_context() { context_.reset(yaml_undefined()); }

  void report(Severity severity, const YAML::Node& at, std::string message);
  void error(const YAML::Node& at, std::string message) {
    report(Severity::error, at, std::move(message));
  }
  void warning(const YAML::Node& at, std::string message) {
    report(Severity::warning, at, std::move(message));
  }
  size_t error_count() const { return errors_; }
  /// Adds what another reader of the same file found.
  void adopt(const Diagnostics& more);

  /// True when `node` is of `type`; else an error "expected <expected>, found …".
  bool expect(const YAML::Node& node, YAML::NodeType::value type, std::string_view expected);
  /// An error for each key of `map` not in `allowed`.
  void check_keys(const YAML::Node& map, const YamlKeys& allowed, std::string_view what);
  /// The values of `map` under `allowed`, read in one scan (a big file has
  /// hundreds of thousands of answers, and a scan per key showed in its load
  /// time), with an error for each other key as check_keys gives.
  YamlMembers members(const YAML::Node& map, const YamlKeys& allowed, std::string_view what);
  std::optional<std::string> scalar(const YAML::Node& node, std::string_view expected);
  std::optional<int> integer(const YAML::Node& node, std::string_view what, int min, int max);
  /// A decimal number from min to max (a weight, a median).
  std::optional<double> number(const YAML::Node& node, std::string_view what, double min,
                               double max);
  std::optional<bool> boolean(const YAML::Node& node, std::string_view what);
  /// An error at every key given twice in one mapping of `node`'s tree
  /// (util/yaml_repeated_keys.h), naming where it was given first.
  void check_repeated_keys(const YAML::Node& node);
  /// An error at `line` and `column` (1-based, in the whole file).
  void error_at(int line, int column, std::string message);

  const std::string& file() const { return file_; }

 private:
  const std::string& file_;
  Diagnostics& diagnostics_;
  YAML::Node context_ = yaml_undefined();
  size_t errors_;  ///< in diagnostics_ (counted once: a load may warn thousands of times)
  int first_line_ = 0;
};

}  // namespace drivemock
