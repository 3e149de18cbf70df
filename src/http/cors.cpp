#include "http/cors.h"

#include <algorithm>
#include <string_view>

#include "util/net_address.h"

namespace drivemock {
namespace {

/// The value Access-Control-Allow-Origin names for `request`: "*" when
/// `--cors-origin '*'` was given, the request's own origin when it is a
/// loopback origin or one listed, else none: an answer (a recorded or
/// proxied one among them) is never readable by a page of another site.
std::optional<std::string> allowed_origin(const RequestView& request, const CorsPolicy& policy) {
  if (policy.any_origin()) return std::string("*");
  const std::string* origin = request.header("Origin");
  if (!origin) return std::nullopt;
  bool listed =
      std::find(policy.origins.begin(), policy.origins.end(), *origin) != policy.origins.end();
  return listed || is_loopback_origin(*origin) ? std::optional<std::string>(*origin) : std::nullopt;
}

void add_allow_origin(const CorsPolicy& policy, const std::string& origin, Reply& reply) {
  reply.add_header("Access-Control-Allow-Origin", origin);
  // An answer naming its origin differs by origin: caches must not give it to another.
  if (!policy.any_origin()) reply.add_header("Vary", "Origin");
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
                           " may not call the mock API: pages of this machine (localhost, "
                           "127.0.0.1, [::1], any port) may, others with --cors-origin",
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
