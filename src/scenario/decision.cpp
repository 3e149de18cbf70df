#include "scenario/decision.h"

#include "journal/entry_json.h"
#include "model/outcome.h"
#include "scenario/answer_template.h"
#include "scenario/draws.h"
#include "scenario/matching.h"
#include "scenario/rule_taking.h"

namespace drivemock::scenario {
namespace {

/// The per-rule positions of `op` in one of the state's maps; null when it has none yet.
const std::vector<uint64_t>* positions_of(const std::map<std::string, std::vector<uint64_t>>& map,
                                          const std::string& op) {
  auto it = map.find(op);
  return it == map.end() ? nullptr : &it->second;
}

/// The operation's stored field of `body` (a color), if the request has one
/// short enough to keep; a field_length violation if it is too long.
std::optional<std::string> field_to_store(const contract::Operation& op,
                                          const rapidjson::Value& body, Decision& decision) {
  if (!op.stored_field) return std::nullopt;
  auto it = body.FindMember(op.stored_field->c_str());
  if (it == body.MemberEnd() || !it->value.IsString()) return std::nullopt;
  if (it->value.GetStringLength() > kMaxStoredFieldBytes) {
    decision.violations.push_back(field_too_long(*op.stored_field, it->value.GetStringLength(),
                                                 kMaxStoredFieldBytes, "stores"));
    return std::nullopt;
  }
  return std::string(it->value.GetString(), it->value.GetStringLength());
}

}  // namespace

Violation field_too_long(const std::string& field, size_t size, size_t most, const char* what) {
  return {"field_length",
          "Field '" + field + "' is " + std::to_string(size) + " bytes long; drivemock " + what +
              " at most " + std::to_string(most) + " bytes",
          field};
}

void choose(const CallInState& call, Decision& decision) {
  const Catalog& catalog = call.catalog;
  const contract::Operation& op = call.op;
  const DirectoryState& d = call.directory;
  const DirectoryEntry* entry = call.entry;
  // Rejecting unknown uuids is about directories: an added operation's keys
  // (a lock's fresh uuid) are made up by the client and cannot be named.
  if (!entry && catalog.unknown_uuids == UnknownUuids::reject && !contract::is_added(op) &&
      !d.made) {
    decision.answer = &catalog.reject_answer;
    return;
  }
  // What a pact's provider state says: a directory in this state answered.
  if (entry || contract::has_key(op)) decision.state = d.state;
  // A call of the operation's protocol (a lock's release) is answered by
  // the scenarios' rules that say it is for such a call, else by the protocol.
  Stream stream(call.seed, call.uuid, op.name, d.draws);
  const ScriptedOperation* protocol = find_scripted(catalog.protocol, op.name);
  std::optional<size_t> protocol_rule;
  if (protocol) protocol_rule = select_rule(*protocol->rules, d.state, call.body);
  const Condition* reserved = protocol_rule ? &(*protocol->rules)[*protocol_rule].when : nullptr;
  // The uuid's own rules, then the defaults' rules, then the protocol's,
  // then the built-in answer.
  const ScriptedOperation* own = entry ? entry->find(op.name) : nullptr;
  std::optional<RuleTaken> taken;
  Script whose = Script::own;
  if (own) {
    taken = answer_from(*own, RuleNumbers::named,
                        {d.state, call.body, positions_of(d.positions, op.name), stream, reserved},
                        decision);
  }
  if (own && !taken) {
    for (size_t i = 0; i < own->rules->size(); ++i) {
      const Condition& when = (*own->rules)[i].when;
      if (!meant_for_call(when, reserved)) continue;  // no near miss: another call's rule
      auto why = first_failure(when, d.state, call.body);
      decision.near_misses.push_back({static_cast<int>(i) + 1, why.value_or("")});
    }
  }
  const ScriptedOperation* defaults = find_scripted(catalog.defaults, op.name);
  if (!taken && defaults) {
    whose = Script::defaults;
    taken = answer_from(
        *defaults, RuleNumbers::unnamed,
        {d.state, call.body, positions_of(d.default_positions, op.name), stream, reserved},
        decision);
  }
  if (!taken && protocol_rule) {
    whose = Script::protocol;
    taken = answer_from(*protocol, RuleNumbers::unnamed,
                        {d.state, call.body, positions_of(d.protocol_positions, op.name), stream},
                        decision);
  }
  if (!taken) decision.answer = &catalog.builtin.at(op.name);
  if (taken && taken->advanced) decision.change.advanced = {whose, taken->index};
  if (const auto& distribution = decision.answer->random_delay) {
    double u1 = stream.next();
    drew(decision).delay_ms = draw_delay_ms(*distribution, u1, stream.next());
  }
  decision.change.drawn = stream.drawn();
  if (decision.answer->templated != Templated::no) {
    std::string now = journal::format_utc_millis(call.clock());
    auto counted = d.calls.find(op.name);
    TemplateContext context{call.uuid, op.name,
                            d.state,   counted == d.calls.end() ? 0 : counted->second,
                            now,       &call.body};
    decision.rendered = render_answer(*decision.answer, context, decision.template_missing);
  }
  // State moves only on answers that succeeded as the clients read them
  // (model/outcome.h): a 503 before the success in a retry sequence must not
  // trash the directory yet, nor a trash the service refused with HTTP 200
  // and `status: false`, nor may a refused color be stored.
  const Reply& answer = decision.rendered ? *decision.rendered : *decision.answer;
  if (!succeeded(answer)) return;
  if (taken && taken->then) {
    decision.change.state = taken->then;
  } else {
    // The built-in state model: a success moves to the operation's success
    // state and stores the operation's attribute field.
    if (op.state_on_success) decision.change.state = op.state_on_success;
    decision.change.stored = field_to_store(op, call.body, decision);
  }
}

}  // namespace drivemock::scenario
