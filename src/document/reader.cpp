#include "document/reader.h"

namespace drivemock::document {
namespace {

const char* kind_name(Node node) {
  if (node.is_map()) return "a mapping";
  if (node.is_sequence()) return "a list";
  if (node.is_scalar()) return "a scalar";
  return "nothing";
}

}  // namespace

Reader::Reader(const std::string& file, Diagnostics& diagnostics)
    : file_(file), diagnostics_(diagnostics) {}

void Reader::report(Severity severity, Node at, std::string message) {
  Node where = at ? at : context_;
  int line = where ? where.line() : 1;
  int column = where ? where.column() : 1;
  diagnostics_.push_back({severity, file_, line, column, bounded_message(std::move(message))});
  if (severity == Severity::error) ++errors_;
}

bool Reader::expect(Node node, Kind kind, std::string_view expected) {
  if (node && node.kind() == kind) return true;
  error(node, "expected " + std::string(expected) + ", found " + kind_name(node));
  return false;
}

}  // namespace drivemock::document
