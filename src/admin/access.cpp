#include "admin/access.h"

#include <algorithm>

#include "util/net_address.h"
#include "util/text.h"

namespace drivemock::admin {
namespace {

constexpr std::string_view kHowToAllow =
    " (or start it with --admin-token and send 'Authorization: Bearer <token>')";

bool host_allowed(const std::string& host, const AdminAccess& access) {
  if (is_loopback_host(host)) return true;
  return std::any_of(access.allowed_hosts.begin(), access.allowed_hosts.end(),
                     [&](const std::string& allowed) {
                       return allowed == "*" || authority_host(allowed) == host;
                     });
}

/// "https://Example.org:8443/" → "https://example.org:8443"
std::string normal_origin(std::string_view origin) {
  std::string out = ascii_lowercase(origin);
  while (out.ends_with('/')) out.pop_back();
  return out;
}

bool origin_listed(const std::string& origin, const AdminAccess& access) {
  std::string given = normal_origin(origin);
  return std::any_of(access.allowed_origins.begin(), access.allowed_origins.end(),
                     [&](const std::string& allowed) { return normal_origin(allowed) == given; });
}

Reply forbidden(const std::string& message) {
  return error_reply(403, message, "forbidden");
}

}  // namespace

bool token_applies(const RequestView& request, const AdminAccess& access) {
  if (!access.token) return false;
  return access.token_from == TokenFrom::everyone || !is_loopback_peer(request.client_ip);
}

std::optional<Reply> refuse_foreign(const RequestView& request, const AdminAccess& access) {
  if (token_applies(request, access)) return std::nullopt;
  if (const std::string* host = request.header("Host")) {
    std::string name = authority_host(*host);
    if (!host_allowed(name, access)) {
      return forbidden(
          "The admin API answers only calls addressed to this machine (Host "
          "localhost, 127.0.0.1 or [::1]), not to '" +
          *host +
          "': a web page can reach a local server under a name of its own (DNS "
          "rebinding). If that name is yours (a reverse proxy, a container's "
          "name), start drivemock with --allow-host " +
          name + std::string(kHowToAllow));
    }
  }
  const std::string* origin = request.header("Origin");
  if (origin && origin_listed(*origin, access)) return std::nullopt;
  if (origin && !is_loopback_origin(*origin)) {
    return forbidden("The admin API takes no calls from web pages of other sites: Origin '" +
                     *origin +
                     "' is not a loopback origin. To let that page in, start drivemock with "
                     "--allow-origin " +
                     *origin + std::string(kHowToAllow));
  }
  const std::string* site = request.header("Sec-Fetch-Site");
  if (site && iequals(*site, "cross-site")) {
    return forbidden(
        "The admin API takes no calls from web pages of other sites "
        "(Sec-Fetch-Site: cross-site). To let a page in, start drivemock with "
        "--allow-origin ORIGIN" +
        std::string(kHowToAllow));
  }
  return std::nullopt;
}

}  // namespace drivemock::admin
