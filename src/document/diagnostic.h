#pragma once
// A problem found in user input (a scenario file, a pushed body), with the
// position it was found at. Loaders return lists of these instead of throwing:
// a file can have many problems, and load with warnings (see Checked).

#include <cstddef>
#include <optional>
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

/// The longest message a diagnostic keeps: one that quotes what it refuses
/// (an unknown key, a uuid) quotes a pushed megabyte otherwise, into a 400,
/// the events and the editor.
inline constexpr size_t kMaxDiagnosticBytes = 1024;

/// `message` within kMaxDiagnosticBytes: a longer one keeps its start and
/// its end (which says what was expected), the middle written as " … ",
/// cut on character boundaries.
std::string bounded_message(std::string message);

/// "file:line:column: error: message", the form compilers and editors read.
std::string format_diagnostic(const Diagnostic& d);

/// True when any entry is an error (warnings do not stop a load).
bool has_errors(const Diagnostics& diagnostics);

/// What reading user input gives: a value when it has no errors (nullopt
/// otherwise, unless said), and every diagnostic found, warnings included.
/// The counterpart of Result (util/result.h) for input with positions.
template <typename T>
struct Checked {
  std::optional<T> value;
  Diagnostics diagnostics;

  explicit operator bool() const { return value.has_value(); }
  T& operator*() { return *value; }
  const T& operator*() const { return *value; }
  T* operator->() { return &*value; }
  const T* operator->() const { return &*value; }
};

/// Appends `more` to `into`.
void append(Diagnostics& into, const Diagnostics& more);

}  // namespace drivemock
