#pragma once
// How a YAML plain scalar is typed (the YAML 1.2 core schema, as yaml-cpp
// users expect): null, true/false, integers and finite decimals; anything
// else is a string. A JSON number that no double holds (1e400) is typed so
// too: a string of its text, as it was when yaml-cpp read JSON documents.

#include <string_view>

#include "document/tree.h"
#include "util/json.h"

namespace drivemock::document {

/// The type of a plain scalar's text.
Kind plain_kind(std::string_view text);

/// Writes a scalar of that kind as JSON: a number's text as JSON writes it
/// (`010` as 10, `1e3` as 1000.0; a string when it is no number), true for
/// `true`, `True` or `TRUE`.
void write_scalar(json::Writer& w, Kind kind, std::string_view text);

}  // namespace drivemock::document
