#include "document/diagnostic.h"

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

namespace {

/// Whether byte `at` of `text` begins a character (is no UTF-8 continuation byte).
bool starts_character(const std::string& text, size_t at) {
  return at >= text.size() || (static_cast<unsigned char>(text[at]) & 0xC0) != 0x80;
}

}  // namespace

std::string bounded_message(std::string message) {
  if (message.size() <= kMaxDiagnosticBytes) return message;
  constexpr size_t kHead = kMaxDiagnosticBytes / 2;
  constexpr size_t kTail = kMaxDiagnosticBytes / 4;
  size_t head = kHead;
  while (head > 0 && !starts_character(message, head)) --head;
  size_t tail = message.size() - kTail;
  while (tail < message.size() && !starts_character(message, tail)) ++tail;
  return message.substr(0, head) + " … " + message.substr(tail);
}

bool has_errors(const Diagnostics& diagnostics) {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::error; });
}

void append(Diagnostics& into, const Diagnostics& more) {
  into.insert(into.end(), more.begin(), more.end());
}

}  // namespace drivemock
