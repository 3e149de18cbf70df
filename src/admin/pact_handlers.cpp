// POST /__admin/pact: the journal as a Pact v4 file (interchange/pact_writer.h);
// POST /__admin/pact/provider-states: Pact's state-change URL, for any
// verifier (interchange/provider_state.h).

#include "admin/admin_json.h"
#include "admin/handlers.h"
#include "interchange/pact_states.h"
#include "interchange/pact_writer.h"
#include "interchange/provider_state.h"
#include "model/error_envelope.h"
#include "util/json.h"
#include "util/text.h"

namespace drivemock::admin {
namespace {

/// Longest consumer or provider name: a Pact Broker's are short, and the
/// name goes into every warning and file name a tool makes of it.
constexpr size_t kMaxPartyName = 200;

Result<std::string, Reply> party(const rapidjson::Document& body, const char* key) {
  auto it = body.FindMember(key);
  if (it == body.MemberEnd() || !it->value.IsString() || it->value.GetStringLength() == 0 ||
      it->value.GetStringLength() > kMaxPartyName) {
    return invalid_params(
        std::string("Field '") + key + "' must be a name (a string of 1 to " +
        std::to_string(kMaxPartyName) +
        R"( characters); the body is {"consumer": "…", "provider": "…", "session": "…"})");
  }
  return std::string(it->value.GetString(), it->value.GetStringLength());
}

}  // namespace

Reply handle_write_pact(const RequestView& request, Context& context, const std::smatch&) {
  auto parsed = parse_object_body(request);
  if (!parsed) return parsed.error();
  const rapidjson::Document& body = *parsed;
  auto consumer = party(body, "consumer");
  if (!consumer) return consumer.error();
  auto provider = party(body, "provider");
  if (!provider) return provider.error();
  std::optional<std::string> session;
  if (const std::string* query = named_session(context)) session = *query;
  auto given = body.FindMember("session");
  if (given != body.MemberEnd()) {
    if (!given->value.IsString()) {
      return invalid_params("Field 'session' must be a session's id (a string)");
    }
    session = given->value.GetString();
  }
  auto refused = given != body.MemberEnd() ? refuse_unknown_session(body, context)
                                           : refuse_unknown_session(context);
  if (refused) return *refused;
  std::vector<interchange::PactCall> calls;
  const journal::Journal& journal = context.control.journal();
  for (const auto& entry : journal.entries()) {
    if (session && (!entry->seen().session || entry->seen().session->id != *session)) continue;
    calls.push_back(interchange::pact_call(*entry));
  }
  auto pact = interchange::write_pact(std::move(calls), {*consumer, *provider}, journal.dropped());
  return json_reply(200, std::move(pact.json));
}

Reply handle_pact_provider_state(const RequestView& request, Context& context, const std::smatch&) {
  auto change = interchange::read_provider_state(request);
  if (!change) return invalid_params(change.error().message);
  auto scope = scope_of(context);
  if (!scope) return scope.error();
  // Nothing to undo: the next setup starts its uuid over. Nothing to set up
  // for an interaction with no provider state.
  if (change->action == interchange::StateAction::teardown || change->name.empty()) {
    return json_reply(200, "{}");
  }
  const scenario::Engine& engine = *scope->engine;
  const std::string& state = change->directory_state;
  std::vector<std::string> uuids;
  auto unknown = control::StateSetting::Unknown::refused;
  if (change->uuid) {
    // A directory no scenario scripts is one the provider makes (the real
    // service's tests create it), also where unknown uuids are rejected.
    if (interchange::directory_state_of(change->name))
      unknown = control::StateSetting::Unknown::made;
    uuids.push_back(*change->uuid);
  } else {
    for (auto uuid : engine.catalog()->scripted_in(state)) uuids.emplace_back(uuid);
    if (uuids.empty()) {
      return invalid_params("Provider state '" + shortened(change->name, 200) +
                            "' gives no param uuid, and no scenario scripts a directory in "
                            "that state: send the param uuid, or serve the pact whose states "
                            "these are as scenarios (its rules are for its states)");
    }
  }
  // As a fresh run finds them: their sequences and counts start over too, so
  // a verifier run twice on one drivemock sees the same answers.
  std::string which =
      change->uuid ? "" : std::to_string(uuids.size()) + " directories scripted in it";
  auto set = context.control.set_state(*scope,
                                       {uuids, state, scenario::History::forgotten,
                                        "provider state '" + change->name + "': ", which, unknown});
  if (!set && set.error().status != 400) return refusal_reply(set.error());
  if (!set) {
    return invalid_params("Provider state '" + shortened(change->name, 200) +
                          "': " + set.error().message);
  }
  return object_reply(200, [&](json::Writer& w) {
    if (change->uuid) {
      json::write_member(w, "uuid", uuids[0]);
    } else {
      json::write_array(w, "uuids", uuids, [&](const auto& uuid) { json::write_string(w, uuid); });
    }
    json::write_member(w, "directoryState", state);
  });
}

}  // namespace drivemock::admin
