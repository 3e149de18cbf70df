#pragma once
// Where a request acts: its scope, the baseline (the engine and store of
// calls outside sessions) or one open session's. Worked out here once per
// request, for both APIs, and nowhere else:
// - a mock API request by the credential it already sends: its
//   `X-Drivemock-Session` header (for clients without a bearer, such as
//   curl), else the session whose key its `Authorization: Bearer` carries
//   (the SDK's own credential). A bearer that is no session's key is an
//   ordinary client's: such requests are in the baseline, as before
//   sessions existed;
// - an admin call by `?session=ID` (the header is the mock API's, and
//   refused there: an admin call carrying it must not act on everything).
// One refusal per cause on both: a session id never opened is 404
// `unknown_session`, a closed session (or a bearer that was a closed
// session's key: a call that outlived its test) 410 `session_closed`, with
// that session's tag; so that a test never runs against the baseline by
// mistake.

#include <optional>
#include <string>

#include "model/request.h"
#include "session/session_registry.h"

namespace drivemock::session {

/// The header that names a session by its id (the mock API's).
inline constexpr std::string_view kSessionHeader = "X-Drivemock-Session";
/// The query parameter that names a session by its id (the admin API's).
inline constexpr std::string_view kSessionParam = "session";

/// Why a request's session is refused: its answer's status and code, what
/// it says (never a key), and the closed session's tag, if any.
struct SessionRefusal {
  int status = 400;
  std::string code;
  std::string message;
  std::shared_ptr<const SessionTag> tag;
};

/// The one answer for each session error, on both APIs: 404 unknown, 410
/// closed, 429 too many, 507 out of memory, 400 invalid.
SessionRefusal refusal_of(const SessionError& error);

struct Scope {
  SessionPtr session;  ///< null: the baseline
  scenario::Engine* engine = nullptr;
  scenario::ScenarioStore* store = nullptr;

  std::shared_ptr<const SessionTag> tag() const { return session ? session->tag : nullptr; }
  /// " in session 'NAME'" for messages, or nothing.
  std::string where() const;
};

/// Whether calls outside every session are served (the baseline answers)
/// or refused (`--require-session`: 403 `no_session`, journaled, naming the
/// fix), so that no call of a test escapes its session unseen.
enum class OutsideSessions { served, refused };

/// Which API a request is of: where its session is named.
enum class Api { mock, admin };

/// What a request's scope is worked out from: the sessions, the baseline's
/// scope, and what a mock API call outside sessions gets.
struct ScopeRules {
  const SessionRegistry& sessions;
  Scope baseline;
  OutsideSessions outside = OutsideSessions::served;
};

/// A request's scope, worked out once: the request path's for the mock API,
/// the admin router's for the handler it calls.
struct RequestScope {
  /// The session id the request names (the admin API's `?session=`, the
  /// mock API's header); null: none (a bearer names no id).
  const std::string* named = nullptr;
  /// Its scope (the baseline when it names none), or why it has none.
  Result<Scope, SessionRefusal> scope;

  /// Whether it names a session never opened (or closed so long ago it is
  /// forgotten): what an admin call that reads the journal by session
  /// refuses, where a remembered closed session's calls are still read.
  bool names_unknown() const { return !scope && scope.error().status == 404; }
};

/// The request's scope, or why it has none.
RequestScope scope_of(const RequestView& request, Api api, const ScopeRules& rules);

/// The scope of session `id` (open), or the baseline for none: an admin
/// call's, once its id is read (from `?session=`, or a body).
Result<Scope, SessionRefusal> scope_named(const std::string* id, const ScopeRules& rules);

/// The tag of session `id`, open or remembered closed: the runner sends a
/// test's outcome when it has ended, after its session may have closed.
Result<std::shared_ptr<const SessionTag>, SessionRefusal> known_tag(
    std::string_view id, const SessionRegistry& sessions);

/// Whether a request carries the mock API's session header.
bool carries_session_header(const RequestView& request);

/// 404 `unknown_session` for an id never opened (or closed so long ago it is
/// forgotten), given to a call that reads the journal or events: a test
/// asserting "no calls" of a mistyped id must fail, not pass on an empty
/// list. Nothing for no id, or an open or a remembered closed session's.
std::optional<SessionRefusal> refuse_unknown(const std::string* id,
                                             const SessionRegistry& sessions);

/// `request` as an upstream may see it while recording: without the
/// session header, and without an Authorization whose bearer is `session`'s
/// key. A session's id and key are drivemock's, never the service's, and
/// must not leave it (a recorded upstream may be anyone's).
RequestView without_session_credentials(const RequestView& request, const Session& session);

/// The bearer token of an Authorization header's value, if it is one.
std::optional<std::string_view> bearer_token(std::string_view authorization);

}  // namespace drivemock::session
