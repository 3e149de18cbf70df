// The operations on the whole server and on a scope's scenario sets and
// states; sessions' own are in session_control.cpp, recording's in
// recording_control.cpp.
#include "control/control.h"

#include <algorithm>

#include "model/redacted_yaml.h"
#include "util/log.h"
#include "util/text.h"

namespace drivemock::control {
namespace {

/// A push's event keeps its YAML for the report of a run and the Sessions
/// view, up to this much: the set itself is in the store, whole, while it is
/// in force.
constexpr size_t kEventYamlBytes = 16 * 1024;

/// 429 for a push that would put one set too many into a session: its
/// memory is bounded (a set of the name of one of its own replaces it, and
/// does not count; one named as a baseline set is a set more).
std::optional<Refusal> refuse_over_set_cap(const session::Scope& scope, size_t most,
                                           const std::optional<std::string>& name) {
  if (!scope.session) return std::nullopt;
  auto own = scope.store->pushed_names();
  if (own.size() < most) return std::nullopt;
  if (name && std::find(own.begin(), own.end(), *name) != own.end()) return std::nullopt;
  return Refusal{429, "too_many_sets",
                 "Session '" + scope.session->tag->name + "' has " + std::to_string(most) +
                     " pushed sets, the most a session keeps; delete one, push under the "
                     "name of one to replace it, or reset the session"};
}

}  // namespace

Refusal refused(const session::SessionRefusal& refusal) {
  return {refusal.status, refusal.code, refusal.message};
}

Refusal unknown_directory(const std::string& uuid) {
  return {404, "not_found",
          "No directory '" + shortened(uuid, 200) +
              "': no scenario names it and unknown uuids are rejected"};
}

session::Scope Control::baseline() const {
  return {nullptr, &parts_.engine, &parts_.scenarios};
}

session::ScopeRules Control::scope_rules(session::OutsideSessions outside) const {
  return {parts_.sessions, baseline(), outside};
}

Outcome<session::Scope> Control::scope(const std::string* id) const {
  auto scope = session::scope_named(id, {parts_.sessions, baseline()});
  if (!scope) return refused(scope.error());
  return std::move(scope).value();
}

std::optional<Refusal> Control::refuse_unknown(const std::string* id) const {
  auto refusal = session::refuse_unknown(id, parts_.sessions);
  if (!refusal) return std::nullopt;
  return refused(*refusal);
}

void Control::record_event(journal::AdminEvent event) {
  event.at = std::chrono::system_clock::now();
  std::string line = event.message;
  parts_.events.record(std::move(event), parts_.journal.last_id());
  parts_.log_change(line);
}

void Control::reset(std::optional<uint64_t> seed) {
  parts_.journal.clear();
  parts_.scenarios.drop_pushed();
  if (seed) parts_.engine.set_seed(*seed);
  parts_.engine.reset();
  std::string seeded = seed ? ", random draws from seed " + std::to_string(*seed) : "";
  journal::AdminEvent::Details details;
  if (seed) details.emplace_back("seed", std::to_string(*seed));
  record_event(journal::admin_event(
      "reset",
      "reset: journal emptied, states and sequences restarted, pushed sets dropped" + seeded,
      nullptr, std::move(details)));
}

void Control::clear_journal() {
  parts_.journal.clear();
  record_event(journal::admin_event("journal-emptied", "journal emptied"));
}

Outcome<Checked<std::string>> Control::push(const session::Scope& scope, std::string_view text,
                                            PushOptions options) {
  if (auto full = refuse_over_set_cap(scope, parts_.sessions.limits().max_sets, options.name)) {
    return std::move(*full);
  }
  // Room in all sessions' budget, held while the set is built (a dry run
  // is told whether the push would fit too), then what was kept counted.
  std::optional<session::PushReservation> room;
  if (scope.session) {
    auto reserved = parts_.sessions.reserve_push(text.size());
    if (!reserved) return refused(session::refusal_of(reserved.error()));
    room.emplace(std::move(reserved).value());
  }
  auto pushed = scope.store->push(text, options.apply, options.name);
  if (scope.session) parts_.sessions.settle(*scope.session);
  if (pushed && options.apply == scenario::Apply::now) {
    record_event(journal::admin_event(
        "push", "scenario set '" + *pushed + "' pushed" + scope.where(), scope.tag(),
        {{"set", *pushed},
         {"yaml", redacted_yaml(shortened(text, kEventYamlBytes), parts_.redaction)}}));
  }
  return pushed;
}

Outcome<Checked<bool>> Control::remove(const session::Scope& scope, const std::string& name) {
  auto set = scope.store->find(name);
  auto own = scope.store->pushed_names();
  // A session deletes its own sets; the baseline's are the baseline's.
  if (scope.session && set && std::find(own.begin(), own.end(), name) == own.end()) {
    return Refusal{409, "not_own_set",
                   "Scenario set '" + name + "' is the baseline's (" + set->source +
                       "); a session deletes only the sets pushed into it"};
  }
  auto removed = scope.store->remove(name);
  if (scope.session) parts_.sessions.settle(*scope.session);
  if (removed && *removed) {
    record_event(journal::admin_event("delete",
                                      "scenario set '" + name + "' removed" + scope.where(),
                                      scope.tag(), {{"set", name}}));
  }
  return removed;
}

Outcome<Done> Control::set_state(const session::Scope& scope, const StateSetting& setting) {
  if (setting.uuids.empty()) return Refusal{400, "invalid_params", "no directory to set"};
  if (setting.unknown == StateSetting::Unknown::refused) {
    for (const auto& uuid : setting.uuids) {
      if (!scope.engine->directory(uuid)) return unknown_directory(uuid);
    }
  }
  for (const auto& uuid : setting.uuids) {
    auto set = scope.engine->set_state(uuid, setting.state, setting.history);
    if (!set) return Refusal{400, "invalid_params", set.error().message};
  }
  std::string which =
      setting.which.empty() ? "directory '" + setting.uuids[0] + "'" : setting.which;
  record_event(journal::admin_event(
      "state", setting.cause + which + " set to state '" + setting.state + "'" + scope.where(),
      scope.tag(), {{"uuid", setting.uuids[0]}, {"state", setting.state}}));
  return Done{};
}

}  // namespace drivemock::control
