#pragma once
// What the scenarios of a catalog answer, as examples for an OpenAPI
// document (interchange/openapi_writer.h).

#include <vector>

#include "interchange/openapi_writer.h"
#include "scenario/catalog.h"

namespace drivemock::scenario {

/// Each set's answers (JSON and raw, with the media type each is sent as),
/// its limits' refusals and, where unknown uuids are rejected, that answer:
/// per operation, status and media type at most
/// interchange::kMaxExamplesPerStatus distinct bodies, in set order.
std::vector<interchange::AnswerExample> answer_examples(const Catalog& catalog);

}  // namespace drivemock::scenario
