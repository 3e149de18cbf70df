#pragma once
// The JSON error envelope `{"status":"error","message":…,"code":…}` that
// every error drivemock composes itself answers with (mock API, admin API,
// refusals, the proxy's 502). This is the one place that knows its shape.

#include <string>
#include <string_view>

#include "util/json.h"

namespace drivemock {

/// `{"status":"error","message":…,"code":…}`.
std::string error_envelope(std::string_view message, std::string_view code);

/// The envelope's members, for an object that carries more (an open object).
void write_error_members(json::Writer& w, std::string_view message, std::string_view code);

}  // namespace drivemock
