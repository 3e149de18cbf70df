#include "scenario/decision.h"

#include <algorithm>

#include "model/outcome.h"
#include "scenario/answer_template.h"
#include "scenario/draws.h"
#include "scenario/matching.h"
#include "scenario/rule_taking.h"

namespace drivemock::scenario {
namespace {

/// Notes a pick or a delay in what the decision drew.
RandomDraw& drew(Decision& decision) {
  if (!decision.random) decision.random.emplace();
  return *decision.random;
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

namespace {

/// A call over a rate limit never reaches the simulated service: no state,
/// sequence, draw or call count moves. Its 429 says when to come back, in
/// whole seconds rounded up: a client that waits that long gets in.
void refuse_over_limit(const CallInState& call, Decision& decision) {
  const LimitInForce& limit = call.catalog.limits[call.limited->limit];
  decision.limited = LimitHit{limit.set->source, limit.limit->index};
  decision.answer = &limit.refusal;
  auto seconds = std::max<int64_t>(1, (call.limited->retry_after.count() + 999) / 1000);
  decision.rendered = limit.refusal;
  decision.rendered->add_header("Retry-After", std::to_string(seconds));
}

/// Whether the call is refused as a directory that does not exist. Rejecting
/// unknown uuids is about directories: an added operation's keys (a lock's
/// fresh uuid) are made up by the client and cannot be named.
bool rejected_as_unknown(const CallInState& call) {
  return !call.entry && call.catalog.unknown_uuids == UnknownUuids::reject &&
         !contract::is_added(call.op) && !call.directory.made;
}

/// Why each of the uuid's own rules did not answer (none matched).
std::vector<NearMiss> near_misses(const CallInState& call, const ScriptedOperation& own,
                                  const Condition* reserved) {
  std::vector<NearMiss> misses;
  for (size_t i = 0; i < own.rules->size(); ++i) {
    const Condition& when = (*own.rules)[i].when;
    if (!meant_for_call(when, reserved)) continue;  // no near miss: another call's rule
    auto why = first_failure(when, call.directory.state, call.body);
    misses.push_back({static_cast<int>(i) + 1, why.value_or("")});
  }
  return misses;
}

/// The rule that answers: the uuid's own rules', then the defaults', then
/// the protocol's (a call of the operation's protocol, a lock's release,
/// is answered by the rules that say they are for such a call, else by the
/// protocol); whose sequence it is in. None: the built-in answer.
std::optional<std::pair<Script, RuleTaken>> take_rule(const CallInState& call, Stream& stream,
                                                      Decision& decision) {
  const DirectoryState& d = call.directory;
  const std::string& op = call.op.name;
  const ScriptedOperation* protocol = find_scripted(call.catalog.protocol, op);
  std::optional<size_t> protocol_rule;
  if (protocol) protocol_rule = select_rule(*protocol->rules, d.state, call.body);
  const Condition* reserved = protocol_rule ? &(*protocol->rules)[*protocol_rule].when : nullptr;
  auto from = [&](const std::map<std::string, std::vector<uint64_t>>& positions) {
    auto it = positions.find(op);
    return CallState{d.state, call.body, it == positions.end() ? nullptr : &it->second, stream,
                     reserved};
  };
  if (const ScriptedOperation* own = call.entry ? call.entry->find(op) : nullptr) {
    if (auto taken = answer_from(*own, RuleNumbers::named, from(d.positions))) {
      return std::pair{Script::own, std::move(*taken)};
    }
    decision.near_misses = near_misses(call, *own, reserved);
  }
  if (const ScriptedOperation* defaults = find_scripted(call.catalog.defaults, op)) {
    if (auto taken = answer_from(*defaults, RuleNumbers::unnamed, from(d.default_positions))) {
      return std::pair{Script::defaults, std::move(*taken)};
    }
  }
  if (!protocol_rule) return std::nullopt;
  reserved = nullptr;  // the protocol's own rules answer any call
  auto taken = answer_from(*protocol, RuleNumbers::unnamed, from(d.protocol_positions));
  if (!taken) return std::nullopt;
  return std::pair{Script::protocol, std::move(*taken)};
}

/// The answer's random delay drawn, and its template filled in for this call.
void draw_and_render(const CallInState& call, Stream& stream, Decision& decision) {
  if (const auto& distribution = decision.answer->random_delay) {
    double u1 = stream.next();
    drew(decision).delay_ms = draw_delay_ms(*distribution, u1, stream.next());
  }
  decision.change.drawn = stream.drawn();
  if (decision.answer->templated == Templated::no) return;
  auto counted = call.directory.calls.find(call.op.name);
  std::string now = format_utc_millis(call.clock());  // the context holds a view of it
  TemplateContext context{call.uuid,
                          call.op.name,
                          call.directory.state,
                          counted == call.directory.calls.end() ? 0 : counted->second,
                          now,
                          &call.body};
  decision.rendered = render_answer(*decision.answer, context, decision.template_missing);
}

/// What a success changes. State moves only on answers that succeeded as
/// the clients read them (model/outcome.h): a 503 before the success in a
/// retry sequence must not trash the directory yet, nor a trash the service
/// refused with HTTP 200 and `status: false`, nor may a refused color be
/// stored. A rule's `then` moves it; else the built-in state model: the
/// operation's success state, and its stored field.
void change_on_success(const CallInState& call, const std::optional<std::string>& then,
                       Decision& decision) {
  const Reply& answer = decision.rendered ? *decision.rendered : *decision.answer;
  if (!succeeded(answer)) return;
  if (then) {
    decision.change.state = then;
    return;
  }
  if (call.op.state_on_success) decision.change.state = call.op.state_on_success;
  decision.change.stored = field_to_store(call.op, call.body, decision);
}

}  // namespace

Decision decide(const CallInState& call) {
  Decision decision;
  decision.named = call.entry != nullptr;
  if (call.did_you_mean) decision.did_you_mean = std::string(*call.did_you_mean);
  if (call.limited) {
    refuse_over_limit(call, decision);
    return decision;
  }
  if (rejected_as_unknown(call)) {
    decision.answer = &call.catalog.reject_answer;
    return decision;
  }
  // What a pact's provider state says: a directory in this state answered.
  if (call.entry || contract::has_key(call.op)) decision.state = call.directory.state;
  Stream stream(call.seed, call.uuid, call.op.name, call.directory.draws);
  auto taken = take_rule(call, stream, decision);
  std::optional<std::string> then;
  if (taken) {
    auto& [whose, rule] = *taken;
    decision.answer = rule.answer;
    decision.matched = std::move(rule.matched);
    if (rule.pick) drew(decision).pick = rule.pick;
    if (rule.advanced) decision.change.advanced = {whose, rule.index};
    then = std::move(rule.then);
  } else {
    decision.answer = &call.catalog.builtin.at(call.op.name);
  }
  draw_and_render(call, stream, decision);
  change_on_success(call, then, decision);
  return decision;
}

}  // namespace drivemock::scenario
