#pragma once
// Reading a document's tree with positions: the checks every reader of a
// scenario set, a contract or a pact needs (is this a mapping, a scalar, a
// number in range, only known keys), each reporting what it expected and
// where, so that every reader's messages agree.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "document/diagnostic.h"
#include "document/tree.h"

namespace drivemock::document {

using Keys = std::vector<std::string_view>;

/// "a, b, c": for "expected one of" messages.
std::string join_keys(const Keys& keys);

/// The error at a repeat of `key` in one mapping, given first at `line` and
/// `column`: one sentence for every document's keys and a big file's uuids.
std::string repeated_key_message(std::string_view key, int line, int column);

/// True when the map has any of `keys`.
bool has_any_key(Node map, const Keys& keys);

/// A map's values under known keys (see Reader::fields). The keys are kept
/// by reference: a constant list, as every reader has.
class Fields {
 public:
  explicit Fields(const Keys& keys) : keys_(keys), values_(keys.size()) {}

  /// The value under `key`, one of the keys read, or none.
  Node operator[](std::string_view key) const;

 private:
  friend class Reader;
  const Keys& keys_;
  std::vector<Node> values_;
};

/// The most problems one reader lists: a document of a million unknown keys
/// would otherwise hold a diagnostic each (some 40 times its size), and
/// answer a push with all of them. Past it, problems are counted, and one
/// warning says the list stops there.
constexpr size_t kMostListedProblems = 1000;

class Reader {
 public:
  /// Adds what it finds to `diagnostics`, which it must be the only one to
  /// add to while it reads. The file's name is kept by reference: it must
  /// outlive the reader.
  Reader(const std::string& file, Diagnostics& diagnostics);
  Reader(std::string&& file, Diagnostics& diagnostics) = delete;

  /// Where a missing value is reported: the map it is missing from.
  void set_context(Node node) { context_ = node; }

  void report(Severity severity, Node at, std::string message);
  void error(Node at, std::string message) { report(Severity::error, at, std::move(message)); }
  void warning(Node at, std::string message) { report(Severity::warning, at, std::move(message)); }
  /// An error at `line` and `column` (1-based).
  void error_at(int line, int column, std::string message);
  size_t error_count() const { return errors_; }
  /// Adds what another reader of the same file found, and its `errors`
  /// (its error_count, listed or not; by default those `more` lists).
  void adopt(const Diagnostics& more, std::optional<size_t> errors = std::nullopt);

  /// True when `node` is of `kind`; else an error "expected <expected>, found …".
  bool expect(Node node, Kind kind, std::string_view expected);
  /// The values of `map` under `allowed`, read in one scan (a big file has
  /// hundreds of thousands of answers), with an error for each other key.
  Fields fields(Node map, const Keys& allowed, std::string_view what);
  /// A string, number or boolean's text; else an error "expected <expected>".
  std::optional<std::string> scalar(Node node, std::string_view expected);
  std::optional<int> integer(Node node, std::string_view what, int min, int max);
  /// A decimal number from min to max (a weight, a median).
  std::optional<double> number(Node node, std::string_view what, double min, double max);
  std::optional<bool> boolean(Node node, std::string_view what);

  const std::string& file() const { return file_; }

 private:
  const std::string& file_;
  Diagnostics& diagnostics_;
  Node context_;
  size_t errors_;      ///< counted once (a load may warn thousands of times)
  size_t listed_ = 0;  ///< problems this reader added to diagnostics_
  bool said_full_ = false;

  /// Counts a problem; true when it is to be listed (kMostListedProblems).
  bool count(const Diagnostic& problem);
  /// Counts `problem` and lists it, with `message` bounded, when there is room.
  void list(Diagnostic problem, std::string message);
};

}  // namespace drivemock::document
