// Reading a rule's `when`: the state and the body fields it needs, each
// typed as the operation types the field.
#include <algorithm>

#include "contract/field_checks.h"
#include "scenario/document_parser.h"
#include "scenario/matching.h"

namespace drivemock::scenario {

Condition DocumentParser::parse_when(const Operation& op, Node node) {
  Condition condition;
  if (!in_.expect(node, document::Kind::map, "a mapping of state and body fields"))
    return condition;
  for (auto kv : document::members(node)) {
    const std::string key(kv.first.text());
    if (key == "state") {
      condition.state = in_.scalar(kv.second, "a state name (string)");
      continue;
    }
    auto field = std::find_if(op.fields.begin(), op.fields.end(),
                              [&](const contract::Field& f) { return f.name == key; });
    if (field == op.fields.end()) {
      in_.error(kv.first, "unknown key '" + key + "' in when of " + op.name +
                              "; expected state or a body field of " + op.name + ": " +
                              contract::field_names(op.fields));
      continue;
    }
    condition.fields.push_back({key, condition_json(kv.second, field->type)});
  }
  return condition;
}

}  // namespace drivemock::scenario
