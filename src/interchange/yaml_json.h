#pragma once
// Scalars between YAML and JSON. Plain scalars are typed the YAML 1.2 core
// way (true/false, null, integers, floats); quoted scalars stay strings, so
// `code: "404"` is the string "404" and `status: true` is a boolean.

#include <string>

#include "contract/operations.h"
#include "document/tree.h"

namespace drivemock::interchange {

/// True when `text`, written as a plain YAML scalar, reads back as that
/// string (not as a boolean, null or number).
bool plain_scalar_stays_string(const std::string& text);

/// A `when` value as the JSON text to compare against a request field of the
/// given contract type: a scalar is read as that type where it can be, so
/// `color: 123456` matches the string "123456" that clients send.
std::string condition_json(document::Node node, contract::FieldType type);

}  // namespace drivemock::interchange
