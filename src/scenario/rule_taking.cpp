#include "scenario/rule_taking.h"

#include "scenario/draws.h"
#include "scenario/matching.h"

namespace drivemock::scenario {
namespace {

/// The rule's next answer (its sequence moves on); or, for a one_of, one
/// picked from the stream, noted in `taken`.
const Reply& take_answer(const Rule& rule, CallState& call, RuleTaken& taken) {
  size_t index = taken.index;
  if (!rule.weights.empty()) {
    size_t pick = pick_weighted(rule.weights, call.stream.next());
    taken.pick = static_cast<int>(pick) + 1;
    return rule.answers[pick];
  }
  uint64_t given = call.positions && index < call.positions->size() ? (*call.positions)[index] : 0;
  return rule.answers[sequence_index(rule, given)];
}

}  // namespace

const ScriptedOperation* find_scripted(
    const std::map<std::string, ScriptedOperation, std::less<>>& scripts,
    const std::string& operation) {
  auto it = scripts.find(operation);
  return it == scripts.end() ? nullptr : &it->second;
}

std::optional<RuleTaken> answer_from(const ScriptedOperation& scripted, RuleNumbers numbers,
                                     CallState call) {
  auto index = select_rule(*scripted.rules, call.state, call.body, call.reserved);
  if (!index) return std::nullopt;
  const Rule& rule = (*scripted.rules)[*index];
  // A sequence moves on; a one_of draws instead.
  RuleTaken taken{*index,
                  nullptr,
                  rule.weights.empty(),
                  rule.then,
                  Matched{scripted.set->name, std::nullopt},
                  std::nullopt};
  taken.answer = &take_answer(rule, call, taken);
  if (numbers == RuleNumbers::named) taken.matched.rule = static_cast<int>(*index) + 1;
  // Which answer, for "answer 2 of 3" in the journal, and the rule's place.
  taken.matched.answer = static_cast<int>(taken.answer - rule.answers.data()) + 1;
  taken.matched.answers = static_cast<int>(rule.answers.size());
  taken.matched.file = rule.file;
  taken.matched.line = rule.line;
  return taken;
}

}  // namespace drivemock::scenario
