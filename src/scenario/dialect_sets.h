#pragma once
// What a dialect adds to the contract beyond the API document's operations,
// as scenario sets of the lowest layer (Layer::dialect): the service dialect
// holds the lock operation the official SDK takes around writes, with the
// live service's answers (scenario/service_dialect.yaml). Every catalog built
// in a dialect starts with its sets, so files and pushes may script their
// operations and shadow their answers.

#include <string_view>
#include <vector>

#include "contract/operations.h"
#include "model/error_envelope.h"
#include "scenario/catalog.h"

namespace drivemock::scenario {

/// The source that the service dialect's set and its operations give.
inline constexpr std::string_view kServiceDialectSource = "built-in (service dialect)";

/// The sets the dialect adds, parsed once; none for the document dialect.
const std::vector<SharedSet>& dialect_sets(Dialect dialect);

/// The contract's operations and those the dialect's sets add: what a
/// scenario of that dialect may script without defining anything.
const contract::OperationSet& dialect_operations(Dialect dialect);

/// True for an operation that a dialect's set defines: a file may define it
/// again, and its definition then replaces the dialect's.
bool from_dialect(const contract::Operation& op);

}  // namespace drivemock::scenario
