#pragma once
// Routes calls under /__admin to their handlers through one table of
// (method, path pattern, handler); checks the admin token first; unknown
// calls get a JSON 404 or 405.

#include <optional>
#include <string>

#include "admin/access.h"
#include "admin/admin_context.h"

namespace drivemock::admin {

/// The prefix of every admin path.
inline constexpr std::string_view kPrefix = "/__admin";

/// True when `path` belongs to the admin API.
bool is_admin_path(std::string_view path);

/// Handles one admin call: refused when `access` does not let it in (see
/// admin/access.h); with a token, the call must bring `Bearer <token>`.
Reply route(const RequestView& request, Context& context, const AdminAccess& access);

}  // namespace drivemock::admin
