// The operations on sessions: open, reset, close, and their tests' outcomes.
#include "control/control.h"

namespace drivemock::control {

/// The unused rules a close lists: a test that scripts hundreds is told the first few.
constexpr size_t kMostUnusedRulesListed = 16;

Outcome<std::vector<session::SessionPtr>> Control::open_sessions(
    std::vector<std::optional<std::string>> names) {
  auto opened = parts_.sessions.open_many(std::move(names), parts_.engine.seed());
  if (!opened) return refused(session::refusal_of(opened.error()));
  for (const auto& session : *opened) {
    record_event(journal::admin_event("session-opened",
                                      "session '" + session->tag->name + "' opened", session->tag));
  }
  return std::move(opened).value();
}

Outcome<session::SessionPtr> Control::reset_session(const std::string& id) {
  auto reset = parts_.sessions.reset(id, parts_.engine.seed());
  if (!reset) return refused(session::refusal_of(reset.error()));
  const session::Session& session = **reset;
  record_event(journal::admin_event(
      "session-reset",
      "session '" + session.tag->name + "' reset: its sets dropped, states and sequences restarted",
      session.tag));
  return std::move(reset).value();
}

Outcome<ClosedSession> Control::close_session(const std::string& id) {
  auto closed = parts_.sessions.close(id);
  if (!closed) return refused(session::refusal_of(closed.error()));
  session::SessionPtr session = std::move(closed).value();
  record_event(journal::admin_event("session-closed", "session '" + session->tag->name + "' closed",
                                    session->tag));
  // Judged here (session/near_miss_verdicts.h), so that the runner helpers
  // fail the test for its own typos with the close's answer, not a second
  // read of the journal.
  auto near_misses = session::judged_near_misses(*session);
  auto unused = session::unused_rules(*session, kMostUnusedRulesListed);
  return ClosedSession{std::move(session), std::move(near_misses), std::move(unused)};
}

Outcome<std::shared_ptr<const SessionTag>> Control::session_tag(std::string_view id) const {
  auto tag = session::known_tag(id, parts_.sessions);
  if (!tag) return refused(tag.error());
  return std::move(tag).value();
}

size_t Control::record_outcomes(const std::vector<OutcomeFor>& outcomes) {
  size_t kept = 0;
  for (const auto& [tag, outcome] : outcomes) {
    if (!parts_.sessions.worsen_outcome(tag->id, outcome_rank(outcome.state))) continue;
    record_event(outcome_event(outcome, tag));
    ++kept;
  }
  return kept;
}

}  // namespace drivemock::control
