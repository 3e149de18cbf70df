// Reading the scenario files again, asked for or on a save: one event for
// every reload, good or failed, with its cause and positions; the last kept
// for the dashboard and /__admin/health.
#include "control/control.h"
#include "control/last_reload.h"
#include "util/log.h"

namespace drivemock::control {
namespace {

/// The problems of a reload, one formatted line each, for the event.
std::string problem_lines(const LastReload& reload) {
  std::string out;
  for (const auto& d : reload.problems) out += (out.empty() ? "" : "\n") + format_diagnostic(d);
  if (reload.problems_found > reload.problems.size()) {
    out += "\n(and " + std::to_string(reload.problems_found - reload.problems.size()) + " more)";
  }
  return out;
}

/// Errors first (they decide), then warnings, at most kKeptProblems.
Diagnostics kept_problems(const Diagnostics& found) {
  Diagnostics kept;
  for (Severity severity : {Severity::error, Severity::warning}) {
    for (const auto& d : found) {
      if (d.severity == severity && kept.size() < kKeptProblems) kept.push_back(d);
    }
  }
  return kept;
}

std::string hidden_note(const scenario::HiddenFileSet& hidden) {
  std::string what = hidden.scripts == 0
                         ? "pushed set '" + hidden.by + "' still replaces set '" + hidden.name +
                               "' (" + hidden.source + "), whose name it has"
                         : "pushed set '" + hidden.by + "' still shadows " +
                               std::to_string(hidden.scripts) + " script(s) of set '" +
                               hidden.name + "' (" + hidden.source + ")";
  return what + ": the push wins while it is in force; DELETE /__admin/scenarios/" + hidden.by +
         " or POST /__admin/reset brings the file's back";
}

}  // namespace

const char* cause_name(ReloadCause cause) {
  return cause == ReloadCause::watched ? "watched" : "asked";
}

std::string reload_message(const LastReload& reload) {
  std::string said =
      reload.cause == ReloadCause::watched ? "scenario files changed" : "scenario files read again";
  if (reload.failed()) {
    // Errors come first among the problems kept.
    size_t more = reload.problems_found - 1;
    return said + "; not loaded: " + format_diagnostic(reload.problems.front()) +
           (more > 0 ? " (and " + std::to_string(more) + " more problems)" : "") +
           "; the last good sets are still served";
  }
  said += "; reloaded";
  for (const auto& hidden : reload.still_hidden) said += "; " + hidden_note(hidden);
  return said;
}

Diagnostics Control::reload(ReloadCause cause) {
  auto reloading = reloads_.begin();
  Diagnostics problems = parts_.scenarios.reload();
  LastReload last{
      cause, std::chrono::system_clock::now(), kept_problems(problems), problems.size(), {}};
  if (!last.failed()) last.still_hidden = parts_.scenarios.hidden_file_sets();
  // A save's problems go to the log too: a terminal is where some look.
  if (cause == ReloadCause::watched) {
    for (const auto& d : problems) log::warning(format_diagnostic(d));
  }
  journal::AdminEvent::Details details{{"cause", cause_name(cause)},
                                       {"outcome", last.failed() ? "failed" : "reloaded"}};
  if (!problems.empty()) details.emplace_back("problems", problem_lines(last));
  record_event(journal::admin_event("reload", reload_message(last), nullptr, std::move(details)));
  reloads_.set(std::move(last));
  return problems;
}

std::optional<LastReload> Control::last_reload() const {
  return reloads_.get();
}

}  // namespace drivemock::control
