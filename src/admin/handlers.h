#pragma once
// The admin API's handlers, one per call of SPEC §4's table.

#include <regex>

#include "admin/admin_context.h"

namespace drivemock::admin {

/// GET /__admin/health
Reply handle_health(const RequestView& request, Context& context, const std::smatch& match);

/// GET /__admin/requests?limit=&since=&uuid=&operation=
Reply handle_list_requests(const RequestView& request, Context& context, const std::smatch& match);

}  // namespace drivemock::admin
