#pragma once
// A problem found in user input (a scenario file, a pushed body), with the
// position it was found at. Loaders return lists of these instead of throwing.

#include <string>
#include <vector>

namespace drivemock {

enum class Severity { error, warning };

/// One positioned problem; line and column are 1-based, 0 when unknown.
struct Diagnostic {
  Severity severity = Severity::error;
  std::string file;
  int line = 0;
  int column = 0;
  std::string message;
};

using Diagnostics = std::vector<Diagnostic>;

/// "file:line:column: error: message", the form compilers and editors read.
std::string format_diagnostic(const Diagnostic& d);

/// True when any entry is an error (warnings do not stop a load).
bool has_errors(const Diagnostics& diagnostics);

}  // namespace drivemock
