#pragma once
// OpenAPI in: a scenario file's `operations: FILE` names an OpenAPI 3.x
// document, whose POST operations with a JSON request body become
// operations drivemock serves and checks (as `operations:` definitions
// would). What drivemock cannot serve or check is a positioned warning,
// never a silent drop.

#include <vector>

#include "contract/operations.h"
#include "document/reader.h"
#include "document/tree.h"

namespace drivemock::interchange {

/// The operations of the OpenAPI document `root`, read by `in` (its file's
/// reader). Those whose name or path `taken` has are left out, warned.
std::vector<contract::Operation> read_openapi_operations(document::Node root, document::Reader& in,
                                                         const contract::OperationSet& taken);

}  // namespace drivemock::interchange
