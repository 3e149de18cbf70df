#pragma once
// Every answer a scenario document scripts, with the operation it answers
// and where it is: what the drift check (record/drift.h) compares, on both
// sides. A recording is a scenario document too, so what the service
// answered is read the same way as what a scenario says.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "document/diagnostic.h"

namespace drivemock::record {

/// One scripted answer of an operation.
struct ScriptedAnswer {
  std::string operation;
  int status = 200;
  /// The body as JSON text, when it is JSON (`body:`, or `raw:` that parses).
  std::optional<std::string> json;
  std::string file;  ///< where the answer is
  int line = 0;
  int column = 0;
};

/// Whether the answers of `operations:` definitions are read: a scenario's
/// are its own word; a recording's repeat what a scenario said, not what the
/// service answered.
enum class Definitions { read, skip };

/// The answers under `directories:`, `defaults:` and (if asked) the
/// `answer:` of `operations:`, in document order; faults are no answers and
/// are left out. Errors for text that is no YAML (aliases and deep nesting
/// refused, as everywhere user YAML is read).
Checked<std::vector<ScriptedAnswer>> scripted_answers(std::string_view text,
                                                      const std::string& file,
                                                      Definitions definitions);

}  // namespace drivemock::record
