#pragma once
// An operation's fields as JSON, one shape wherever drivemock writes them
// (GET /__admin/operations, the capture log's operation lines).

#include <vector>

#include "contract/operations.h"
#include "util/json.h"

namespace drivemock::contract {

/// Writes `"fields": [{"name", "type", "required"}…]` inside an object.
void write_fields(json::Writer& w, const std::vector<Field>& fields);

}  // namespace drivemock::contract
