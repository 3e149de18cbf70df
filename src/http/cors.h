#pragma once
// CORS on the mock API, as the live gateway answers browsers: a web app
// calls the service with fetch/XHR from its own origin, sending
// `Authorization`, `Checksum` and `Content-Type`, so every call is
// preflighted (OPTIONS with Access-Control-Request-Method) and every answer
// must name the page's origin as allowed. Allowed by default: pages of this
// machine (a dev server on http://localhost:5173); another site's page gets
// no answer it can read, recorded and proxied answers included, unless
// --cors-origin names it. The admin API never answers CORS:
// that is what keeps web pages from reading the journal or changing
// scenarios (docs/security.md).

#include <optional>
#include <string>
#include <vector>

#include "model/reply.h"
#include "model/request.h"

namespace drivemock {

/// Whether the mock API answers CORS, and to which origins.
struct CorsPolicy {
  enum class Mode { off, on };
  Mode mode = Mode::off;
  /// --cors-origin: origins allowed beside this machine's own (loopback
  /// hosts, any port, http or https): "https://app.example"; "*" allows any.
  std::vector<std::string> origins = {};

  bool enabled() const { return mode == Mode::on; }
  /// True when "*" is among the origins: asked for explicitly, never the default.
  bool any_origin() const {
    for (const auto& origin : origins) {
      if (origin == "*") return true;
    }
    return false;
  }
};

/// The request headers the official SDK sends, allowed by every preflight.
inline constexpr const char* kCorsAllowedHeaders = "Authorization, Checksum, Content-Type";

/// True for a CORS preflight: OPTIONS with Access-Control-Request-Method.
bool is_preflight(const RequestView& request);

/// The answer to a preflight: 204 with what may be sent, for an allowed
/// origin; 403 `cors_origin_refused` (no CORS headers) for another.
Reply preflight_reply(const RequestView& request, const CorsPolicy& policy,
                      const Envelope& envelope);

/// Adds Access-Control-Allow-Origin (and Vary: Origin when narrowed) to an
/// answer of the mock API to a request from an allowed origin.
void allow_origin(const RequestView& request, const CorsPolicy& policy, Reply& reply);

}  // namespace drivemock
