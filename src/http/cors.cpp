#include "http/cors.h"

#include <algorithm>

namespace drivemock {
namespace {

/// The value Access-Control-Allow-Origin names for `request`: "*" when any
/// origin may call, the request's own origin when it is one of those
/// allowed, else none.
std::optional<std::string> allowed_origin(const RequestView& request, const CorsPolicy& policy) {
  if (policy.origins.empty()) return std::string("*");
  const std::string* origin = request.header("Origin");
  if (!origin) return std::nullopt;
  bool listed =
      std::find(policy.origins.begin(), policy.origins.end(), *origin) != policy.origins.end();
  return listed ? std::optional<std::string>(*origin) : std::nullopt;
}

void add_allow_origin(const CorsPolicy& policy, const std::string& origin, Reply& reply) {
  reply.add_header("Access-Control-Allow-Origin", origin);
  // A narrowed answer differs by origin: caches must not give it to another.
  if (!policy.origins.empty()) reply.add_header("Vary", "Origin");
}

}  // namespace

bool is_preflight(const RequestView& request) {
  return request.method == "OPTIONS" && request.header("Access-Control-Request-Method");
}

Reply preflight_reply(const RequestView& request, const CorsPolicy& policy,
                      const Envelope& envelope) {
  auto origin = allowed_origin(request, policy);
  if (!origin) {
    const std::string* asked = request.header("Origin");
    return error_reply(envelope, 403,
                       "Origin " + (asked ? *asked : std::string("(none)")) +
                           " may not call the mock API; allowed with --cors-origin",
                       "cors_origin_refused");
  }
  Reply reply;
  reply.status = 204;
  add_allow_origin(policy, *origin, reply);
  reply.add_header("Access-Control-Allow-Methods", "POST");
  reply.add_header("Access-Control-Allow-Headers", kCorsAllowedHeaders);
  reply.add_header("Access-Control-Max-Age", "600");
  return reply;
}

void allow_origin(const RequestView& request, const CorsPolicy& policy, Reply& reply) {
  if (!policy.enabled() || !request.header("Origin")) return;
  if (auto origin = allowed_origin(request, policy)) add_allow_origin(policy, *origin, reply);
}

}  // namespace drivemock
