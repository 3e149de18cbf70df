#pragma once
// One way in for every change of a running drivemock: the admin API's
// handlers (admin/) and the in-process C++ API (drivemock/server.h) both
// call these operations, so that both change the same things, record the
// same admin event (journal/admin_events.h) and count the same memory. A
// caller parses its input and words its answer; what changes, and what is
// said of it in the timeline and the log, is decided here.
//
// Each operation acts in a scope (session/scope.h: the baseline or one
// session) and gives back what it did, or a Refusal: the status, code and
// message the admin API answers with, and the C++ API returns as an Error.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "control/last_reload.h"
#include "control/test_outcome.h"
#include "journal/admin_events.h"
#include "journal/event_stream.h"
#include "journal/filter.h"
#include "journal/journal.h"
#include "journal/order.h"
#include "model/redaction.h"
#include "record/recorder.h"
#include "record/recording_file.h"
#include "record/target_guard.h"
#include "scenario/engine.h"
#include "scenario/scenario_store.h"
#include "session/near_miss_verdicts.h"
#include "session/scope.h"
#include "session/session_registry.h"
#include "session/unused_rules.h"

namespace drivemock::control {

/// Why an operation changed nothing: as the admin API answers it.
struct Refusal {
  int status = 400;
  std::string code;
  std::string message;
};

template <typename T>
using Outcome = Result<T, Refusal>;

/// A session's refusal as an operation's.
Refusal refused(const session::SessionRefusal& refusal);

/// The parts of a running server the operations change.
struct Parts {
  journal::Journal& journal;
  scenario::Engine& engine;            ///< the baseline's (outside sessions)
  scenario::ScenarioStore& scenarios;  ///< the baseline's
  session::SessionRegistry& sessions;
  journal::AdminEvents& events;
  record::Recorder& recorder;
  std::string record_to;  ///< --record-to; empty for the default path
  /// Where a recording may proxy to (record/target_guard.h); null: anywhere.
  const record::TargetGuard* target_guard = nullptr;
  /// One line per change, on the server's log.
  std::function<void(std::string_view)> log_change = [](std::string_view) {};
  /// What the journal hides of secrets, which what the timeline shows back
  /// (a push's YAML in its event) hides alike.
  Redaction redaction = Redaction();
};

/// Where a push goes and what it may do.
struct PushOptions {
  scenario::Apply apply = scenario::Apply::now;
  std::optional<std::string> name = std::nullopt;  ///< replaces the name the text gives
};

/// Directories put in a state.
struct StateSetting {
  std::vector<std::string> uuids;
  std::string state;
  /// forgotten: their sequences and counts start over too, as a fresh run finds them
  scenario::History history = scenario::History::kept;
  /// What asked for it, in front of the event's message ("provider state
  /// 'X': "); empty: an admin's own call.
  std::string cause = {};
  /// How the event names the directories; empty: "directory 'UUID'".
  std::string which = {};
  /// A uuid the scope holds no directory for (no scenario names it and
  /// unknown uuids are rejected): refused (404), or made (a directory a
  /// pact's provider state creates, as the real service's tests do).
  enum class Unknown { refused, made } unknown = Unknown::refused;
};

/// A closed session, with what the runner helpers fail its test with.
struct ClosedSession {
  session::SessionPtr session;
  std::vector<session::JudgedNearMiss> near_misses;
  std::vector<session::UnusedRule> unused_rules;
};

/// One test's outcome, for its session (Control::session_tag).
struct OutcomeFor {
  std::shared_ptr<const SessionTag> session;
  TestOutcome outcome;
};

class Control {
 public:
  explicit Control(Parts parts) : parts_(std::move(parts)) {}

  // Scopes (session/scope.h).

  /// The baseline: requests outside sessions.
  session::Scope baseline() const;
  /// The scope of session `id` (open), or the baseline for none.
  Outcome<session::Scope> scope(const std::string* id) const;
  /// The rules a request's scope is worked out by (session::scope_of).
  session::ScopeRules scope_rules(session::OutsideSessions outside) const;
  /// 404 `unknown_session` for a session id never opened, for the calls
  /// that read by session; nothing for no id or a known one.
  std::optional<Refusal> refuse_unknown(const std::string* id) const;

  // The whole server.

  /// Empties the journal, drops the pushed sets, restarts states,
  /// sequences and random draws (from `seed` from now on, when given).
  void reset(std::optional<uint64_t> seed = std::nullopt);
  /// Empties the journal; the events stay (this is one of them).
  void clear_journal();
  /// Reads the scenario files again; a failure keeps the old sets. Either
  /// way an event says what was found (control/reload_control.cpp).
  Diagnostics reload(ReloadCause cause = ReloadCause::asked);
  /// The last reload, if any: a failed one marks the files' problems in
  /// the dashboard and /__admin/health until a good one (waited for while
  /// under way, so that its sets are never served beside the failure).
  std::optional<LastReload> last_reload() const;

  // Scenario sets, in a scope.

  /// Adds or replaces a set (YAML or JSON): its name, or its errors, which
  /// leave all as it was; refused when the scope has no room for it.
  Outcome<Checked<std::string>> push(const session::Scope& scope, std::string_view text,
                                     PushOptions options);
  /// Removes a set: true, or false for no such set; a session removes only its own.
  Outcome<Checked<bool>> remove(const session::Scope& scope, const std::string& name);
  /// Puts each of the setting's uuids in its state; refused with the
  /// engine's reason (an unknown uuid, a state no rule knows) at the first
  /// that cannot be, the ones before it set.
  Outcome<Done> set_state(const session::Scope& scope, const StateSetting& setting);

  // Sessions.

  /// Opens one session per name (nullopt: "session-N"), all or none.
  Outcome<std::vector<session::SessionPtr>> open_sessions(
      std::vector<std::optional<std::string>> names);
  Outcome<session::SessionPtr> reset_session(const std::string& id);
  Outcome<ClosedSession> close_session(const std::string& id);
  /// Keeps the outcomes that make their tests' worse, each as its
  /// session's event (an outcome never improves on a worse one, so a
  /// failure is never hidden); how many were kept.
  size_t record_outcomes(const std::vector<OutcomeFor>& outcomes);
  /// The tag of session `id`, open or remembered closed.
  Outcome<std::shared_ptr<const SessionTag>> session_tag(std::string_view id) const;

  // Recording.

  /// Starts proxying the mock API to `url` and recording what it answers.
  Outcome<Done> start_recording(std::string url,
                                record::RecordedTime time = record::RecordedTime::kept);
  /// Stops the recording and writes its scenario file.
  Outcome<record::SavedRecording> stop_recording();

  // What the operations change, for the calls that read it.

  journal::Journal& journal() const { return parts_.journal; }
  const journal::AdminEvents& events() const { return parts_.events; }
  const session::SessionRegistry& sessions() const { return parts_.sessions; }
  const record::Recorder& recorder() const { return parts_.recorder; }
  /// The baseline's sets and engine.
  const scenario::ScenarioStore& scenarios() const { return parts_.scenarios; }
  const scenario::Engine& engine() const { return parts_.engine; }

  /// Journals a change as an admin event and logs its message.
  void record_event(journal::AdminEvent event);
  /// Logs a line of the server's own (shutdown asked for).
  void log(std::string_view line) { parts_.log_change(line); }

 private:
  Parts parts_;
  ReloadRecord reloads_;
};

/// 404 for a uuid the scope's engine holds no directory for (no scenario
/// names it and unknown uuids are rejected); a long uuid is cut in the message.
Refusal unknown_directory(const std::string& uuid);

}  // namespace drivemock::control
