#pragma once
// Checks a JSON object against a list of typed fields. Shared by the request
// checks (violations) and the scenario loader (warnings on answer bodies).

#include <rapidjson/document.h>

#include <string>
#include <vector>

#include "contract/operations.h"
#include "model/entry.h"

namespace drivemock::contract {

/// Whether to report fields that the list does not name.
enum class UnknownFields { report, allow };

/// True when `value` has the JSON type `type`.
bool has_type(const rapidjson::Value& value, FieldType type);

/// True when `value` is a string with a NUL character in it: a field_type
/// violation, whatever type the field has.
bool has_nul(const rapidjson::Value& value);

/// Violations of `object` (a JSON object) against `fields`; `what` names the
/// object in messages ("request body", "answer body").
std::vector<Violation> check_fields(const std::vector<Field>& fields,
                                    const rapidjson::Value& object, const std::string& what,
                                    UnknownFields unknown);

}  // namespace drivemock::contract
