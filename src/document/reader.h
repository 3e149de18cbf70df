#pragma once
// Reading a contract document's tree with positions: warnings and errors at
// a value, and the check that a value is of the kind expected, worded as
// util/yaml_reader.h words them for scenario files.

#include <string>
#include <string_view>

#include "document/tree.h"
#include "util/diagnostic.h"

namespace drivemock::document {

class Reader {
 public:
  /// Adds what it finds to `diagnostics`. The file's name is kept by
  /// reference: it must outlive the reader.
  Reader(const std::string& file, Diagnostics& diagnostics);
  Reader(std::string&& file, Diagnostics& diagnostics) = delete;

  /// Where a missing value is reported: the map it is missing from.
  void set_context(Node node) { context_ = node; }

  void report(Severity severity, Node at, std::string message);
  void error(Node at, std::string message) { report(Severity::error, at, std::move(message)); }
  void warning(Node at, std::string message) { report(Severity::warning, at, std::move(message)); }
  size_t error_count() const { return errors_; }

  /// True when `node` is of `kind`; else an error "expected <expected>, found …".
  bool expect(Node node, Kind kind, std::string_view expected);

  const std::string& file() const { return file_; }

 private:
  const std::string& file_;
  Diagnostics& diagnostics_;
  Node context_;
  size_t errors_ = 0;
};

}  // namespace drivemock::document
