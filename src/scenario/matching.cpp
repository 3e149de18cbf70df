#include "scenario/matching.h"

#include <algorithm>

#include "document/tree_json.h"
#include "util/json.h"

namespace drivemock::scenario {
namespace {

bool field_equals(const FieldCondition& condition, const rapidjson::Value& body) {
  if (!body.IsObject()) return false;
  auto it = body.FindMember(condition.field.c_str());
  return it != body.MemberEnd() && json::to_string(it->value) == condition.expected_json;
}

}  // namespace

bool condition_holds(const Condition& condition, std::string_view state,
                     const rapidjson::Value& body) {
  if (condition.state && *condition.state != state) return false;
  return std::all_of(condition.fields.begin(), condition.fields.end(),
                     [&](const FieldCondition& f) { return field_equals(f, body); });
}

namespace {

/// A JSON value as a person reads it: strings without their quotes.
std::string readable(const std::string& json) {
  auto doc = json::parse_untrusted(json);
  if (doc && doc->IsString()) return {doc->GetString(), doc->GetStringLength()};
  return json;
}

}  // namespace

std::optional<std::string> first_failure(const Condition& condition, std::string_view state,
                                         const rapidjson::Value& body) {
  if (condition.state && *condition.state != state) {
    return "state is " + std::string(state) + ", rule wants " + *condition.state;
  }
  for (const auto& f : condition.fields) {
    if (field_equals(f, body)) continue;
    std::string wants = ", rule wants " + readable(f.expected_json);
    auto it = body.IsObject() ? body.FindMember(f.field.c_str()) : body.MemberEnd();
    if (!body.IsObject() || it == body.MemberEnd()) return f.field + " is missing" + wants;
    return f.field + " is " + readable(json::to_string(it->value)) + wants;
  }
  return std::nullopt;
}

bool meant_for_call(const Condition& condition, const Condition* reserved) {
  if (!reserved) return true;
  return std::all_of(
      reserved->fields.begin(), reserved->fields.end(), [&](const FieldCondition& r) {
        return std::any_of(condition.fields.begin(), condition.fields.end(),
                           [&](const FieldCondition& f) { return f.field == r.field; });
      });
}

std::optional<size_t> select_rule(const std::vector<Rule>& rules, std::string_view state,
                                  const rapidjson::Value& body, const Condition* reserved) {
  for (size_t i = 0; i < rules.size(); ++i) {
    if (!meant_for_call(rules[i].when, reserved)) continue;
    if (condition_holds(rules[i].when, state, body)) return i;
  }
  return std::nullopt;
}

size_t sequence_index(const Rule& rule, uint64_t calls_before) {
  const uint64_t n = rule.answers.size();
  if (n == 0) return 0;
  if (rule.cycle) return static_cast<size_t>(calls_before % n);
  return static_cast<size_t>(std::min(calls_before, n - 1));
}

std::string condition_json(document::Node node, contract::FieldType type) {
  if (type != contract::FieldType::string || !node.is_scalar()) return document::to_json(node);
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  json::write_string(w, node.text());
  return {buffer.GetString(), buffer.GetSize()};
}

}  // namespace drivemock::scenario
