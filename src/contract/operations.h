#pragma once
// The contract of the faked API as one table: operations, their paths, their
// typed body fields, their built-in answers and what a success does to the
// simulated directory. Routing, request checks, scenario validation and the
// state model all read this table; adding an operation means adding a row.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/error_envelope.h"

namespace drivemock::contract {

enum class FieldType { string, number, boolean, object, array };
enum class Presence { required, optional };

/// One typed field of a JSON body.
struct Field {
  std::string name;
  FieldType type = FieldType::string;
  Presence presence = Presence::required;
};

/// One operation of the API.
struct Operation {
  std::string name;  ///< as scenario files and the journal name it
  std::string path;  ///< POST path under the base path
  std::vector<Field> fields;
  /// The success answered (HTTP 200, in the server's dialect) when nothing else says.
  std::string builtin_message;
  std::string builtin_code;
  /// State a uuid moves to after a 200 answer with no rule-given `then`.
  std::optional<std::string> state_on_success;
  /// Body field remembered as the directory's attribute after a 200 answer.
  std::optional<std::string> stored_field;
};

/// The body field that names the directory: required by every operation.
inline constexpr std::string_view kKeyField = "uuid";
/// The only method the API's operations take.
inline constexpr std::string_view kMethod = "POST";
/// The state every directory starts in unless a scenario says otherwise.
inline constexpr std::string_view kInitialState = "active";

/// Every operation, in the order the API document lists them.
const std::vector<Operation>& operations();

/// The fields of the answer envelope (`status`, `message`, `code`; `data` in
/// the service dialect) as the dialect types them.
const std::vector<Field>& answer_fields(Dialect dialect);

const Operation* find_by_path(std::string_view path);
const Operation* find_by_name(std::string_view name);

/// "string", "number", …: for messages.
const char* type_name(FieldType type);

/// Names of all operations joined with ", ": for "expected one of" messages.
std::string operation_names();

/// Names of `fields` joined with ", ", for messages.
std::string field_names(const std::vector<Field>& fields);

}  // namespace drivemock::contract
