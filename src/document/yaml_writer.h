// JSON values written as YAML documents: where src/ writes YAML through
// yaml-cpp's emitter (the OpenAPI document `drivemock contract --openapi`
// writes), beside the readers of document/.
#pragma once

#include <rapidjson/document.h>

#include <string>
#include <string_view>

namespace drivemock::document {

/// `value` as a block-style YAML document indented by 2 (no trailing
/// newline): numbers as JSON writes them, null as `~`, and a string quoted
/// (double) where `needs_quotes` says a plain scalar would read back as
/// something else (`true`, `1.5`).
std::string json_as_yaml(const rapidjson::Value& value, bool (*needs_quotes)(std::string_view));

}  // namespace drivemock::document
