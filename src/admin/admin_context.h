#pragma once
// What admin handlers work on, and what they answer. Handlers are small free
// functions from (request, context, path match) to a reply; the router picks
// one from its table.

#include <rapidjson/document.h>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "control/control.h"
#include "journal/journal_file.h"
#include "model/reply.h"
#include "model/request.h"

namespace drivemock::admin {

/// The server's own counters, for /__admin/health.
struct ServerHealth {
  uint64_t log_lines_dropped = 0;  ///< log lines lost to a sink that did not keep up
  uint64_t connections_without_request = 0;
  uint64_t connections_queued = 0;  ///< waiting for a worker: --threads are busy
  uint64_t connections_shed = 0;    ///< closed unserved: --threads busy and as many waiting
  uint64_t cors_preflights = 0;     ///< answered, not journaled
  uint64_t tls_handshakes_failed = 0;
  std::optional<journal::JournalFileStats> journal_file;  ///< when --journal-file is set
  Dialect dialect = Dialect::document;                    ///< of the mock API's own answers
  uint64_t seed = 0;                                      ///< random draws derive from it
};

struct Context {
  /// Every change goes through it (control/control.h), and every read of
  /// what it changes.
  control::Control& control;
  std::function<void()> request_shutdown;  ///< stops the server soon, not now
  std::function<ServerHealth()> health;
  std::chrono::steady_clock::time_point started;
  std::string version;
  /// --report: where the report of the run is written (at stop and by
  /// POST /__admin/report); empty: none.
  std::string report_file = {};
  /// The call's session as its `?session=` names it, worked out once by the
  /// router before the handler runs (session/scope.h); set per call.
  const session::RequestScope* session = nullptr;
};

using Handler = Reply (*)(const RequestView&, Context&, const std::smatch&);

/// A JSON success reply: `{"status":"success","message":…}`.
Reply success(const std::string& message);

/// 400 `invalid_params`: the call itself is wrong, as `message` says.
Reply invalid_params(std::string_view message);

/// The error reply of an operation's refusal.
Reply refusal_reply(const control::Refusal& refusal);

/// The scope `?session=` names (an open session), else the baseline; the
/// refusal's reply when it names none open.
Result<session::Scope, Reply> scope_of(const Context& context);

/// The session id `?session=` names, if any: for the calls that read by
/// session (the journal, events, a pact), closed sessions' too.
const std::string* named_session(const Context& context);

/// 404 `unknown_session` when `?session=` names a session never opened,
/// given to a call that reads the journal or events: a test asserting "no
/// calls" of a mistyped id must fail, not pass on an empty list.
std::optional<Reply> refuse_unknown_session(const Context& context);

/// The same for the `session` member of a filter (a JSON object), if any.
std::optional<Reply> refuse_unknown_session(const rapidjson::Value& filter, const Context& context);

/// 400 for a call that acts on the whole server when `?session=` is given:
/// a test that meant its own session must not reset everyone's.
std::optional<Reply> refuse_session_param(const RequestView& request, const Context& context,
                                          const std::string& instead);

}  // namespace drivemock::admin
