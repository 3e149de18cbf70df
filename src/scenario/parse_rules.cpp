// Reading what a directory (or `defaults:`) says of an operation: one
// answer, one rule or a list of rules; a rule's respond: a sequence or a
// one_of with weights.
#include <algorithm>

#include "model/outcome.h"
#include "scenario/document_parser.h"

namespace drivemock::scenario {

std::optional<DirectoryScript> DocumentParser::parse_directory(const std::string& uuid, Node node) {
  if (!in_.expect(node, document::Kind::map, "a mapping with state and operations")) {
    return std::nullopt;
  }
  DirectoryScript script;
  for (auto kv : document::members(node)) {
    const std::string key(kv.first.text());
    if (key == "state") {
      script.initial_state = in_.scalar(kv.second, "a state name (string)");
      continue;
    }
    const Operation* op = find_operation(key);
    if (!op) {
      in_.error(kv.first, "unknown key '" + key + "' in directory '" + uuid +
                              "'; expected state or an operation: " + operation_names());
      continue;
    }
    if (!contract::has_key(*op)) {
      in_.error(kv.first, "operation '" + op->name +
                              "' names no entity (key: null), so no directory can script it; "
                              "expected it under defaults:");
      continue;
    }
    script.operations[op->name] = parse_operation(*op, kv.second);
  }
  return script;
}

namespace {

/// A list whose every item is an answer and none a rule.
bool lists_answers(Node list) {
  if (list.size() == 0) return false;
  for (Node item : document::items(list)) {
    if (!item.is_map() || document::has_any_key(item, kRuleKeys) ||
        !document::has_any_key(item, kAnswerKeys)) {
      return false;
    }
  }
  return true;
}

}  // namespace

/// An operation's value: one answer, one rule, or a list of rules.
std::vector<Rule> DocumentParser::parse_operation(const Operation& op, Node node) {
  std::vector<Rule> rules;
  if (node.is_map() && node.member("one_of") && !document::has_any_key(node, kRuleKeys)) {
    // `trash: {one_of: [...]}`: a rule with that respond and no condition.
    Rule rule;
    rule.line = node.line();
    rule.file = in_.file();
    rule.column = node.column();
    rule.answers = parse_respond(op, node, rule.weights);
    rules.push_back(std::move(rule));
    return rules;
  }
  if (node.is_map() && !document::has_any_key(node, kRuleKeys)) {
    if (auto answer = parse_answer(op, node)) {
      Rule rule;
      rule.line = node.line();
      rule.file = in_.file();
      rule.column = node.column();
      rule.answers.push_back(std::move(*answer));
      rules.push_back(std::move(rule));
    }
    return rules;
  }
  if (node.is_map()) {
    if (auto rule = parse_rule(op, node)) rules.push_back(std::move(*rule));
    return rules;
  }
  if (!in_.expect(node, document::Kind::sequence, "an answer (mapping) or a list of rules")) {
    return rules;
  }
  return parse_rule_list(op, node);
}

std::vector<Rule> DocumentParser::parse_rule_list(const Operation& op, Node node) {
  std::vector<Rule> rules;
  if (lists_answers(node)) {
    // The natural way to write a sequence, and the grammar's hardest part:
    // say the one rewrite, not "needs respond" once per answer.
    in_.error(node,
              "these list items are answers, but a list under an operation is a list of rules "
              "(each with respond; the first whose when holds answers); expected, for a sequence "
              "of answers (one a call, the last repeating), one rule that responds with the list: "
              "`- respond: [answer, answer, ...]`");
    return rules;
  }
  for (Node item : document::items(node)) {
    if (auto rule = parse_rule(op, item)) rules.push_back(std::move(*rule));
  }
  if (node.size() == 0) in_.error(node, "expected at least one rule in the list");
  return rules;
}

std::optional<Rule> DocumentParser::parse_rule(const Operation& op, Node node) {
  if (!in_.expect(node, document::Kind::map, "a rule (mapping with respond)")) return std::nullopt;
  if (!node.member("respond")) {
    report_missing_respond(node);
    return std::nullopt;
  }
  auto members = in_.fields(node, kRuleKeys, "a rule");
  Rule rule;
  rule.line = node.line();
  rule.file = in_.file();
  rule.column = node.column();
  if (const auto& when = members["when"]) rule.when = parse_when(op, when);
  rule.answers = parse_respond(op, members["respond"], rule.weights);
  if (const auto& then = members["then"]) parse_then(then, rule);
  if (const auto& cycle = members["cycle"]) {
    rule.cycle = in_.boolean(cycle, "cycle").value_or(false);
    if (rule.cycle && !rule.weights.empty()) {
      in_.error(cycle, "cycle loops a sequence of answers; a one_of picks afresh on every call");
    }
  }
  return rule;
}

void DocumentParser::report_missing_respond(Node node) {
  // A key that is neither a rule's nor an answer's is most often `respond`
  // misspelt (`respnd`): name it, as a push's answer does.
  bool misspelt = false;
  for (auto kv : document::members(node)) {
    std::string_view key = kv.first.text();
    misspelt =
        misspelt || (std::find(kRuleKeys.begin(), kRuleKeys.end(), key) == kRuleKeys.end() &&
                     std::find(kAnswerKeys.begin(), kAnswerKeys.end(), key) == kAnswerKeys.end());
  }
  if (misspelt) {
    in_.fields(node, kRuleKeys, "a rule");
  } else {
    in_.error(node, "a rule needs `respond` (an answer or a list of answers); keys allowed: " +
                        document::join_keys(kRuleKeys));
  }
}

void DocumentParser::parse_then(Node then, Rule& rule) {
  rule.then = in_.scalar(then, "a state name (string)");
  // State moves only on a success (model/outcome.h): a `then` after answers
  // that are all errors never applies, which its author cannot have meant.
  bool any_success = std::any_of(rule.answers.begin(), rule.answers.end(), [](const Reply& r) {
    return r.templated != Templated::no || succeeded(r);
  });
  if (rule.then && !rule.answers.empty() && !any_success) {
    in_.warning(then, "then: " + *rule.then +
                          " never applies: every answer of this rule is an error, and a "
                          "state moves only on a success (HTTP 2xx, no fault, no status "
                          "false or \"error\")");
  }
}

/// An answer, a sequence of answers, or `{one_of: [...]}` (then `weights`
/// gets one weight per answer).
std::vector<Reply> DocumentParser::parse_respond(const Operation& op, Node node,
                                                 std::vector<double>& weights) {
  if (node.is_map() && node.member("one_of")) return parse_one_of(op, node, weights);
  std::vector<Reply> answers;
  if (node.is_sequence()) {
    for (Node item : document::items(node)) {
      if (auto answer = parse_answer(op, item)) answers.push_back(std::move(*answer));
    }
    if (node.size() == 0) in_.error(node, "expected at least one answer in the sequence");
  } else if (auto answer = parse_answer(op, node)) {
    answers.push_back(std::move(*answer));
  }
  return answers;
}

std::vector<Reply> DocumentParser::parse_one_of(const Operation& op, Node node,
                                                std::vector<double>& weights) {
  std::vector<Reply> answers;
  auto members = in_.fields(node, kOneOfKeys, "a one_of");
  Node list = members["one_of"];
  if (!in_.expect(list, document::Kind::sequence, "a list of answers to pick from (one_of)")) {
    return answers;
  }
  if (list.size() == 0) in_.error(list, "expected at least one answer in one_of");
  double total = 0;
  for (Node item : document::items(list)) {
    double weight = 1;
    if (auto answer = parse_answer(op, item, &weight)) {
      answers.push_back(std::move(*answer));
      weights.push_back(weight);
      total += weight;
    }
  }
  if (list.size() > 0 && answers.size() == list.size() && total <= 0) {
    in_.error(list, "the weights of one_of add up to 0; give at least one answer a weight above 0");
  }
  return answers;
}

}  // namespace drivemock::scenario
