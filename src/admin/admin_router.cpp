#include "admin/admin_router.h"

#include <vector>

#include "admin/auth.h"
#include "admin/handlers.h"

namespace drivemock::admin {
namespace {

struct Route {
  const char* method;
  std::regex pattern;
  Handler handler;
};

const std::vector<Route>& routes() {
  static const std::vector<Route> table = {
      {"GET", std::regex("/__admin/health"), handle_health},
      {"GET", std::regex("/__admin/requests"), handle_list_requests},
      {"DELETE", std::regex("/__admin/requests"), handle_delete_requests},
      {"GET", std::regex("/__admin/requests/unmatched"), handle_unmatched_requests},
      {"POST", std::regex("/__admin/requests/count"), handle_count_requests},
      {"POST", std::regex("/__admin/requests/find"), handle_find_requests},
      {"POST", std::regex("/__admin/requests/verify-order"), handle_verify_order},
      {"POST", std::regex("/__admin/requests/wait"), handle_wait_requests},
      {"GET", std::regex("/__admin/requests/stream"), handle_stream_requests},
      {"GET", std::regex("/__admin/requests/([^/]+)"), handle_get_request},
      {"GET", std::regex("/__admin/violations"), handle_violations},
      {"POST", std::regex("/__admin/reset"), handle_reset},
      {"GET", std::regex("/__admin/scenarios"), handle_list_scenarios},
      {"POST", std::regex("/__admin/scenarios"), handle_push_scenario},
      {"POST", std::regex("/__admin/scenarios/reload"), handle_reload_scenarios},
      {"POST", std::regex("/__admin/scenarios/drift"), handle_drift_scenarios},
      {"GET", std::regex("/__admin/scenarios/([^/]+)"), handle_get_scenario},
      {"DELETE", std::regex("/__admin/scenarios/([^/]+)"), handle_delete_scenario},
      {"GET", std::regex("/__admin/directories"), handle_list_directories},
      {"GET", std::regex("/__admin/directories/([^/]+)"), handle_get_directory},
      {"GET", std::regex("/__admin/operations"), handle_list_operations},
      {"PUT", std::regex("/__admin/directories/([^/]+)/state"), handle_put_directory_state},
      {"POST", std::regex("/__admin/recordings/start"), handle_start_recording},
      {"POST", std::regex("/__admin/recordings/stop"), handle_stop_recording},
      {"GET", std::regex("/__admin/recordings/status"), handle_recording_status},
      {"POST", std::regex("/__admin/shutdown"), handle_shutdown},
      {"GET", std::regex("/__admin/sessions"), handle_list_sessions},
      {"POST", std::regex("/__admin/sessions"), handle_open_session},
      {"GET", std::regex("/__admin/sessions/([^/]+)"), handle_get_session},
      {"DELETE", std::regex("/__admin/sessions/([^/]+)"), handle_close_session},
      {"POST", std::regex("/__admin/sessions/([^/]+)/reset"), handle_reset_session},
      {"POST", std::regex("/__admin/sessions/([^/]+)/outcome"), handle_session_outcome},
      {"POST", std::regex("/__admin/outcomes"), handle_outcomes},
      {"GET", std::regex("/__admin/events"), handle_list_events},
      {"GET", std::regex("/__admin/report"), handle_get_report},
      {"POST", std::regex("/__admin/report"), handle_write_report},
      {"POST", std::regex("/__admin/pact"), handle_write_pact},
      {"POST", std::regex("/__admin/pact/provider-states"), handle_pact_provider_state},
      {"GET", std::regex("/__admin/ui/?([^/]*)"), handle_ui},
  };
  return table;
}

}  // namespace

bool is_admin_path(std::string_view path) {
  return path == kPrefix || (path.starts_with(kPrefix) && path[kPrefix.size()] == '/');
}

Reply route(const RequestView& request, Context& context, const AdminAccess& access) {
  if (auto refused = refuse_foreign(request, access)) return std::move(*refused);
  if (token_applies(request, access) && !is_dashboard_file(request) &&
      !bearer_matches(request.header("Authorization"), *access.token)) {
    Reply denied = error_reply(401,
                               "This admin API needs the header 'Authorization: Bearer <token>' "
                               "with the admin token (--admin-token, DRIVEMOCK_ADMIN_TOKEN, or the "
                               "one drivemock printed at start)",
                               "unauthorized");
    denied.add_header("WWW-Authenticate", "Bearer");
    return denied;
  }
  // The session header is the mock API's; an admin call is scoped with
  // ?session=ID, and one carrying the header must not act on everything.
  if (session::carries_session_header(request)) {
    return invalid_params(
        "Admin calls take a session as the query parameter ?session=ID (or a "
        "filter's \"session\"), not the header X-Drivemock-Session, which "
        "places the mock API's requests in a session");
  }
  bool path_known = false;
  for (const auto& r : routes()) {
    std::smatch match;
    if (!std::regex_match(request.path, match, r.pattern)) continue;
    path_known = true;
    if (request.method != r.method) continue;
    // The call's session, worked out once for the handler (session/scope.h).
    auto session = session::scope_of(request, session::Api::admin,
                                     context.control.scope_rules(session::OutsideSessions::served));
    Context call = context;
    call.session = &session;
    return r.handler(request, call, match);
  }
  if (path_known) {
    return error_reply(405, "Method " + request.method + " is not allowed on " + request.path,
                       "method_not_allowed");
  }
  return error_reply(404, "No such admin call: " + request.method + " " + request.path,
                     "not_found");
}

}  // namespace drivemock::admin
