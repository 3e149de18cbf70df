#pragma once
// Where an admin call acts: the baseline (the engine and store of requests
// outside sessions) or, with `?session=ID`, that session's own. And the
// timeline of admin changes (journal/admin_events.h) that handlers add to.

#include <rapidjson/document.h>

#include <optional>
#include <string>

#include "admin/admin_context.h"
#include "journal/admin_events.h"
#include "session/session_registry.h"

namespace drivemock::admin {

struct Scope {
  session::SessionPtr session;  ///< null: the baseline
  scenario::Engine* engine = nullptr;
  scenario::ScenarioStore* store = nullptr;

  std::shared_ptr<const SessionTag> tag() const { return session ? session->tag : nullptr; }
  /// " in session 'NAME'" for messages, or nothing.
  std::string where() const;
};

/// The scope `?session=` names (an open session), else the baseline.
Result<Scope, Reply> scope_of(const RequestView& request, Context& context);

/// The 4xx of a session error: 404 unknown, 410 closed, 429 too many, 400 invalid.
Reply session_error_reply(const session::SessionError& error);

/// 404 for a uuid the scope's engine holds no directory for (no scenario
/// names it and unknown uuids are rejected); a long uuid is cut in the message.
Reply unknown_directory(const std::string& uuid);

/// 404 `unknown_session` for a session id never opened (or closed so long
/// ago it is forgotten), given to a call that reads the journal or events:
/// a test asserting "no calls" of a mistyped id must fail, not pass on an
/// empty list. Nothing for an open or a remembered closed session's id.
std::optional<Reply> refuse_unknown_session(const std::string* id, const Context& context);

/// The same for the `session` member of a filter (a JSON object), if any.
std::optional<Reply> refuse_unknown_session(const rapidjson::Value& filter, const Context& context);

/// 400 for a call that acts on the whole server when `?session=` is given:
/// a test that meant its own session must not reset everyone's.
std::optional<Reply> refuse_session_param(const RequestView& request, const std::string& instead);

/// Journals an admin change as an event and logs its message.
void note(Context& context, journal::AdminEvent event);

}  // namespace drivemock::admin
