#pragma once
// Which session a request of the mock API belongs to: the one named by its
// `X-Drivemock-Session` header (for clients without a bearer, such as curl),
// else the one whose key its `Authorization: Bearer` carries (the SDK's own
// credential). A bearer that is no session's key is an ordinary client's:
// such requests are outside sessions, as before sessions existed. So that a
// test never runs against the baseline by mistake, a header naming no
// session is refused (400 `unknown_session`), and a header naming a closed
// session or a bearer that was a closed session's key (a call that outlived
// its test: not awaited, or still retrying) is refused 410
// `session_closed`, journaled with that session's tag.

#include <optional>
#include <string>

#include "model/request.h"
#include "session/session_registry.h"

namespace drivemock::session {

/// The header that names a session by its id.
inline constexpr std::string_view kSessionHeader = "X-Drivemock-Session";

/// Why a request's session is refused: its answer's status and code, what
/// it says (never the key itself), and the closed session's tag, if any.
struct SessionRefusal {
  int status = 400;
  std::string code;
  std::string message;
  std::shared_ptr<const SessionTag> tag;
};

struct Belonging {
  SessionPtr session;  ///< null: outside sessions
  std::optional<SessionRefusal> refusal;
};

/// Whether calls outside every session are served (the baseline answers)
/// or refused (`--require-session`: 403 `no_session`, journaled, naming the
/// fix), so that no call of a test escapes its session unseen.
enum class OutsideSessions { served, refused };

Belonging session_of(const RequestView& request, const SessionRegistry& sessions,
                     OutsideSessions outside = OutsideSessions::served);

/// `request` as an upstream may see it while recording: without the
/// session header, and without an Authorization whose bearer is `session`'s
/// key. A session's id and key are drivemock's, never the service's, and
/// must not leave it (a recorded upstream may be anyone's).
RequestView without_session_credentials(const RequestView& request, const Session& session);

/// The bearer token of an Authorization header's value, if it is one.
std::optional<std::string_view> bearer_token(std::string_view authorization);

}  // namespace drivemock::session
