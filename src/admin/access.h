#pragma once
// Who may call the admin API. With a token (--admin-token), whoever brings
// it. Without one, the tools of the local user only: a web page the user
// visits can send a "simple" cross-site request (a form post, a text/plain
// fetch) without asking first, and with DNS rebinding can even read the
// answers, so calls that a browser marks as coming from another site, or
// that are addressed to a host name that is not this machine's, are refused
// (403). Tools that send neither Origin nor Sec-Fetch-Site (curl, test
// clients) are unaffected: browsers send them on every cross-origin call
// that could change something.

#include <optional>
#include <string>
#include <vector>

#include "model/reply.h"
#include "model/request.h"

namespace drivemock::admin {

/// Who must bring the token: everyone (a token given), or callers off
/// loopback only (the token drivemock makes for itself when it listens off
/// loopback without one: in a container, loopback is the container's own
/// healthcheck and `docker exec`). Loopback callers it spares are checked as
/// without a token (refuse_foreign).
enum class TokenFrom { everyone, off_loopback };

struct AdminAccess {
  std::optional<std::string> token;  ///< --admin-token: calls need "Bearer <token>"
  /// --allow-origin: origins ("https://mock.example:8443") whose pages may
  /// call without a token, beside loopback ones (a dashboard behind a
  /// reverse proxy).
  std::vector<std::string> allowed_origins;
  /// --allow-host: Host names the admin API answers to beside loopback ones
  /// (a container's service name, a reverse proxy's); "*" any.
  std::vector<std::string> allowed_hosts;
  TokenFrom token_from = TokenFrom::everyone;
};

/// The 403 for a call that `access` does not let through without a token;
/// nothing when it may go on (to the token check, if there is a token).
std::optional<Reply> refuse_foreign(const RequestView& request, const AdminAccess& access);

/// True when this call must bring the token: there is one, and the caller
/// is not a loopback peer that `token_from` spares.
bool token_applies(const RequestView& request, const AdminAccess& access);

}  // namespace drivemock::admin
