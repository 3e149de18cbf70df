#pragma once
// The contract of the faked API as data: operations, their paths, their typed
// body fields, their built-in answers and what a success does to the
// simulated entity. The built-in set comes from contract/operations.yaml;
// scenario files add operations of the rest of the API to it. Routing,
// request checks, scenario validation and the state model all read the set
// in force, never a fixed list.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/error_envelope.h"
#include "model/reply.h"

namespace drivemock::contract {

/// `any`: any JSON value, for a field whose schema drivemock cannot check
/// (an OpenAPI oneOf, anyOf, not or type list; interchange/openapi_operations.h).
enum class FieldType { string, number, boolean, object, array, any };
enum class Presence { required, optional };

/// One typed field of a JSON body.
struct Field {
  std::string name;
  FieldType type = FieldType::string;
  Presence presence = Presence::required;

  bool operator==(const Field&) const = default;
};

/// Where the contract document's operations say they come from.
inline constexpr std::string_view kBuiltinSource = "built-in";

/// One operation of the API.
struct Operation {
  std::string name;  ///< as scenario files and the journal name it
  std::string path;  ///< POST path under the base path
  std::vector<Field> fields;
  /// The string field naming the entity scripted under `directories:`;
  /// empty when the operation names none (`key: null`, see has_key).
  std::string key = "uuid";
  /// The success answered (HTTP 200, in the server's dialect) when nothing
  /// else says: the contract document gives a message and code...
  std::string builtin_message;
  std::string builtin_code;
  /// ...a scenario's added operation may give a whole answer instead.
  std::optional<Reply> builtin_answer;
  /// The contract document ("built-in"), or the scenario file that added it.
  std::string source = std::string(kBuiltinSource);
  int line = 0;  ///< where its definition starts in `source`; 0 when unknown
  int column = 0;
  /// State a uuid moves to after a 200 answer with no rule-given `then`.
  std::optional<std::string> state_on_success;
  /// Body field remembered as the directory's attribute after a 200 answer.
  std::optional<std::string> stored_field;
};

/// The only method the API's operations take.
inline constexpr std::string_view kMethod = "POST";
/// The state every directory starts in unless a scenario says otherwise.
inline constexpr std::string_view kInitialState = "active";

/// The operations in force: the built-in ones, then those scenarios add.
/// Immutable once built; requests hold the set they were routed with.
struct OperationSet {
  std::vector<Operation> list;

  const Operation* by_path(std::string_view path) const;
  const Operation* by_name(std::string_view name) const;
  /// Names joined with ", ": for "expected one of" messages.
  std::string names() const;
};

/// True when two definitions describe the same request and what a success
/// does (path, key, fields, on_success), whatever their answers and sources.
bool same_request(const Operation& a, const Operation& b);

/// False for an operation whose calls name no entity (`key: null`): its
/// calls are journaled without a uuid and scripted under `defaults:` only.
inline bool has_key(const Operation& op) {
  return !op.key.empty();
}

/// True for a path an operation may have: under the base path /v3/.
inline bool is_operation_path(std::string_view path) {
  return path.starts_with("/v3/") && path.size() > 4;
}

/// True for operations that scenario files added to the contract.
inline bool is_added(const Operation& op) {
  return op.source != kBuiltinSource;
}

/// The contract document's operations, in the order the API document lists them.
const std::shared_ptr<const OperationSet>& builtin_set();
const std::vector<Operation>& operations();

/// The host names of the service's API gateways, from the contract
/// document (`gateway_hosts:`): names the local CA may issue certificates for.
const std::vector<std::string>& gateway_hosts();

/// The fields of the answer envelope (`status`, `message`, `code`) as the
/// envelope types them.
const std::vector<Field>& answer_fields(const Envelope& envelope);

/// Lookups among the built-in operations.
const Operation* find_by_path(std::string_view path);
const Operation* find_by_name(std::string_view name);

/// "string", "number", …: for messages.
const char* type_name(FieldType type);

/// Names of `fields` joined with ", ", for messages.
std::string field_names(const std::vector<Field>& fields);

}  // namespace drivemock::contract
