#include "util/diagnostic.h"

#include <algorithm>

namespace drivemock {

std::string format_diagnostic(const Diagnostic& d) {
  std::string out = d.file.empty() ? std::string("<input>") : d.file;
  if (d.line > 0) out += ":" + std::to_string(d.line) + ":" + std::to_string(d.column);
  out += d.severity == Severity::error ? ": error: " : ": warning: ";
  out += d.message;
  return out;
}

bool has_errors(const Diagnostics& diagnostics) {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::error; });
}

}  // namespace drivemock
