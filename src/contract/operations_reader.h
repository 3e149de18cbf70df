#pragma once
// Reads operation definitions from YAML: the built-in contract document
// (contract/operations.yaml, built into the binary) and, later, the
// `operations:` of scenario files. Every problem is a diagnostic with its
// position; a definition with errors is left out.

#include <string>
#include <string_view>
#include <vector>

#include "contract/operations.h"
#include "util/diagnostic.h"

namespace drivemock::contract {

/// The operations of a document whose top level is `operations:`, a mapping
/// of name to definition; `source` names the document in diagnostics.
Checked<std::vector<Operation>> read_operations(std::string_view yaml, const std::string& source);

}  // namespace drivemock::contract
