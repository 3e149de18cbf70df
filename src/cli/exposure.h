#pragma once
// A drivemock listening off loopback (a container, a machine a QA team
// shares) without an admin token: whoever reaches the address could read
// the journal, change the scenarios and stop it. So by default the run makes
// a token of its own, required from every caller off loopback, and prints
// the dashboard's link with it once at start; loopback callers (in a
// container: its healthcheck, `docker exec`) are checked as without a token.
// --no-admin-token keeps the admin API open instead, with a warning.

#include <optional>
#include <string>

#include "drivemock/server.h"

namespace drivemock::cli {

/// --no-admin-token: whether an exposed run may leave its admin API open.
enum class OpenAdmin { refused, allowed };

/// Gives `options` a token made for the run when it listens off loopback
/// without one (and returns it); warns instead when `open` allows that.
std::optional<std::string> guard_if_exposed(ServerOptions& options, OpenAdmin open);

/// The dashboard's address with the token in its fragment (the page keeps
/// it for its tab and never sends it in a URL), for `base_url` ("http://
/// 0.0.0.0:8080": every interface, written as localhost).
std::string dashboard_link(const std::string& base_url, const std::string& token);

}  // namespace drivemock::cli
