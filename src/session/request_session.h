#pragma once
// Which session a request of the mock API belongs to: the one named by its
// `X-Drivemock-Session` header (for clients without a bearer, such as curl),
// else the one whose key its `Authorization: Bearer` carries (the SDK's own
// credential). A bearer that is no session's key is an ordinary client's:
// such requests are outside sessions, as before sessions existed. A header
// that names no open session is refused (400, `unknown_session`), so that a
// test never runs against the baseline by mistake.

#include <optional>
#include <string>

#include "model/request.h"
#include "session/session_registry.h"

namespace drivemock::session {

/// The header that names a session by its id.
inline constexpr std::string_view kSessionHeader = "X-Drivemock-Session";

struct Belonging {
  SessionPtr session;                  ///< null: outside sessions
  std::optional<std::string> refusal;  ///< why the session header was refused
};

Belonging session_of(const RequestView& request, const SessionRegistry& sessions);

/// The bearer token of an Authorization header's value, if it is one.
std::optional<std::string_view> bearer_token(std::string_view authorization);

}  // namespace drivemock::session
