#pragma once
// The forms of a uuid no client sends. A scenario key is matched byte for
// byte against the uuid a request carries, so a uuid scripted in braces
// ({6F1C…}, as registry tools and .NET print them) never matches, nor does
// one in capitals where the dialect's client sends lowercase (the official
// SDK makes and keeps its uuids in lowercase). Such a key is a load error
// that gives the form it would match; other names ("d9") are left alone.

#include <optional>
#include <string>
#include <string_view>

#include "model/error_envelope.h"

namespace drivemock::scenario {

/// Why `name` would never match a request, with the form that would, or
/// nothing when its form is one the dialect's clients send.
std::optional<std::string> uuid_form_problem(std::string_view name, Dialect dialect);

}  // namespace drivemock::scenario
