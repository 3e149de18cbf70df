#include "util/diagnostic.h"

#include <algorithm>

namespace drivemock {

std::string format_diagnostic(const Diagnostic& d) {
  // Appends rather than `":" + std::string`, which trips GCC 12's false
  // -Wrestrict positive in optimised builds.
  std::string out = d.file.empty() ? std::string("<input>") : d.file;
  if (d.line > 0) {
    out.append(":").append(std::to_string(d.line));
    out.append(":").append(std::to_string(d.column));
  }
  out.append(d.severity == Severity::error ? ": error: " : ": warning: ");
  out.append(d.message);
  return out;
}

bool has_errors(const Diagnostics& diagnostics) {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::error; });
}

void append(Diagnostics& into, const Diagnostics& more) {
  into.insert(into.end(), more.begin(), more.end());
}

}  // namespace drivemock
