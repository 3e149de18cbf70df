#pragma once
// The operations in force as an OpenAPI 3.1 document (`drivemock contract
// --openapi`): paths, request body schemas as the contract checks them,
// the answer envelope of the dialect, and examples of what the scenarios
// answer. Pure: operations and examples in, document text out.

#include <string>
#include <vector>

#include "contract/operations.h"
#include "model/error_envelope.h"

namespace drivemock::interchange {

/// The extension naming an operation's key field (`null`: none), read back
/// by interchange/openapi_operations.h.
inline constexpr std::string_view kKeyExtension = "x-drivemock-key";

/// The pattern of every string field: a string with a NUL in it is a
/// field_type violation whatever the field's type (contract/field_checks.h).
inline constexpr const char* kNoNulPattern = "^[^\\u0000]*$";

/// Distinct example bodies kept per operation and status: a recording of
/// 10,000 uuids must not make a document of 10,000 examples.
inline constexpr size_t kMaxExamplesPerStatus = 20;

/// `text` as one token of an OpenAPI name (a schema's `$ref` fragment, an
/// example's name for Prism's `Prefer: example=`): what is not a letter, a
/// digit, `-`, `_` or `.` becomes `_`.
std::string openapi_token(std::string_view text);

/// One answer a scenario gives an operation: an example in the document.
struct AnswerExample {
  std::string operation;
  /// Unique within the operation, and a plain token (letters, digits, `-`,
  /// `_`, `.`) that Prism's `Prefer: example=` takes unquoted:
  /// "trash-flow.6f1c….rule-1".
  std::string name;
  int status = 200;
  std::string body;  ///< as sent: JSON text, or a raw answer's text
  /// The media type it is sent as (its Content-Type's, lowercased; a
  /// scenario's answer that sets none is sent as application/json).
  std::string media_type = "application/json";
};

enum class DocumentFormat { yaml, json };

struct OpenApiInput {
  const contract::OperationSet& operations;
  const std::vector<AnswerExample>& examples;
  Envelope envelope;
  std::string version;  ///< drivemock's, as info.version
};

/// The OpenAPI 3.1 document of `input`, as YAML or JSON text.
std::string openapi_document(const OpenApiInput& input, DocumentFormat format);

}  // namespace drivemock::interchange
