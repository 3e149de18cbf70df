#pragma once
// Reads operation definitions from a document tree: the built-in contract document
// (contract/operations.yaml, built into the binary) and the `operations:` of
// scenario files. Every problem is a diagnostic with its position; a
// definition with errors is left out.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "contract/operations.h"
#include "document/diagnostic.h"
#include "document/reader.h"

namespace drivemock::contract {

/// How a definition's `answer` reads: the contract document gives
/// `{message, code}` (composed in the server's dialect); a scenario file gives
/// a whole answer, which the scenario loader reads itself.
enum class AnswerForm { message_and_code, read_by_caller };

/// The keys of a definition in a scenario file (the contract document's
/// take no `protocol`, whose rules the scenario loader reads), and of its
/// `on_success`: the grammar the scenario schema is checked against.
inline const document::Keys kScenarioDefinitionKeys = {"path",   "fields",     "required", "key",
                                                       "answer", "on_success", "protocol"};
inline const document::Keys kOnSuccessKeys = {"state", "store"};

/// The definitions of an `operations:` mapping (name to definition), in
/// document order. Names and paths must be unique among them and must not be
/// taken by an operation of `taken`.
std::vector<Operation> read_definitions(document::Node operations, document::Reader& reader,
                                        AnswerForm form, const OperationSet* taken = nullptr);

/// The operations of a document whose top level is `operations:`, a mapping
/// of name to definition; `source` names the document in diagnostics.
Checked<std::vector<Operation>> read_operations(std::string_view yaml, const std::string& source);

}  // namespace drivemock::contract
