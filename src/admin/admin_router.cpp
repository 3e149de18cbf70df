#include "admin/admin_router.h"

#include <functional>
#include <regex>
#include <vector>

#include "admin/handlers.h"
#include "util/json.h"

namespace drivemock::admin {
namespace {

struct Route {
  const char* method;
  std::regex pattern;
  std::function<Reply(const RequestView&, Context&, const std::smatch&)> handler;
};

const std::vector<Route>& routes() {
  static const std::vector<Route> table = {
      {"GET", std::regex("/__admin/health"), handle_health},
      {"GET", std::regex("/__admin/requests"), handle_list_requests},
  };
  return table;
}

}  // namespace

Reply error(int status, const std::string& message, const char* code) {
  return {status, json::error_envelope(message, code)};
}

bool is_admin_path(std::string_view path) {
  return path == kPrefix || (path.starts_with(kPrefix) && path[kPrefix.size()] == '/');
}

Reply route(const RequestView& request, Context& context) {
  bool path_known = false;
  for (const auto& r : routes()) {
    std::smatch match;
    if (!std::regex_match(request.path, match, r.pattern)) continue;
    path_known = true;
    if (request.method == r.method) return r.handler(request, context, match);
  }
  if (path_known) {
    return error(405, "Method " + request.method + " is not allowed on " + request.path,
                 "method_not_allowed");
  }
  return error(404, "No such admin call: " + request.method + " " + request.path, "not_found");
}

}  // namespace drivemock::admin
