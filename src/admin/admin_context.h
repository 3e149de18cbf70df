#pragma once
// What admin handlers work on, and what they answer. Handlers are small free
// functions from (request, context, path match) to a reply; the router picks
// one from its table.

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "admin/test_outcome.h"
#include "journal/admin_events.h"
#include "journal/journal.h"
#include "journal/journal_file.h"
#include "model/redaction.h"
#include "model/reply.h"
#include "model/request.h"
#include "record/recorder.h"
#include "record/target_guard.h"
#include "scenario/engine.h"
#include "scenario/scenario_store.h"
#include "session/session_registry.h"

namespace drivemock::admin {

/// The server's own counters, for /__admin/health.
struct ServerHealth {
  uint64_t log_lines_dropped = 0;  ///< log lines lost to a sink that did not keep up
  uint64_t connections_without_request = 0;
  uint64_t connections_queued = 0;  ///< waiting for a worker: --threads are busy
  uint64_t cors_preflights = 0;     ///< answered, not journaled
  uint64_t tls_handshakes_failed = 0;
  std::optional<journal::JournalFileStats> journal_file;  ///< when --journal-file is set
  Dialect dialect = Dialect::document;                    ///< of the mock API's own answers
  uint64_t seed = 0;                                      ///< random draws derive from it
};

struct Context {
  journal::Journal& journal;
  scenario::Engine& engine;            ///< the baseline's (outside sessions)
  scenario::ScenarioStore& scenarios;  ///< the baseline's
  session::SessionRegistry& sessions;
  journal::AdminEvents& events;
  record::Recorder& recorder;
  std::string record_to;                             ///< --record-to; empty for the default path
  std::function<void()> request_shutdown;            ///< stops the server soon, not now
  std::function<void(std::string_view)> log_change;  ///< one line per admin change
  std::function<ServerHealth()> health;
  std::chrono::steady_clock::time_point started;
  std::string version;
  /// Where a recording may proxy to (record/target_guard.h); null: anywhere.
  const record::TargetGuard* target_guard = nullptr;
  /// --report: where the report of the run is written (at stop and by
  /// POST /__admin/report); empty: none.
  std::string report_file = {};
  /// What the journal hides of secrets, which what the admin API shows
  /// back (a push's YAML in its event) hides alike.
  Redaction redaction = Redaction();
  /// Each session's worst test outcome (admin/test_outcome.h).
  std::shared_ptr<OutcomeLedger> outcomes = std::make_shared<OutcomeLedger>();
};

using Handler = Reply (*)(const RequestView&, Context&, const std::smatch&);

/// A JSON success reply: `{"status":"success","message":…}`.
Reply success(const std::string& message);

}  // namespace drivemock::admin
