#pragma once
// A tree's values as JSON text: an answer body or a `when` value read from
// a contract document.

#include <string>

#include "document/tree.h"
#include "util/json.h"

namespace drivemock::document {

/// Writes the value (none as null). Recurses at most kMaxDepth deep.
void write_json(json::Writer& w, Node node);

/// The value as compact JSON text.
std::string to_json(Node node);

}  // namespace drivemock::document
