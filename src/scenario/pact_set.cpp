#include "scenario/pact_set.h"

#include <algorithm>
#include <set>

#include "interchange/pact_interactions.h"
#include "model/outcome.h"
#include "scenario/answer_checks.h"
#include "scenario/matching.h"

namespace drivemock::scenario {
namespace {

using contract::FieldType;
using contract::Operation;
using document::Kind;
using document::Node;
using interchange::PactInteraction;
using interchange::PactResponse;

/// A body field's type as an added operation's field has it; none for null.
std::optional<FieldType> field_type(Node value) {
  switch (value.kind()) {
    case Kind::map: return FieldType::object;
    case Kind::sequence: return FieldType::array;
    case Kind::string: return FieldType::string;
    case Kind::boolean: return FieldType::boolean;
    case Kind::number: return FieldType::number;
    case Kind::null: return std::nullopt;
  }
  return std::nullopt;
}

/// An operation for a path no operation has: its fields as the calls give them.
struct NewOperation {
  std::string name;
  std::vector<std::string> order;          ///< fields, as first seen
  std::map<std::string, FieldType> types;  ///< field → type, as first seen
  std::map<std::string, size_t> present;   ///< field → calls that give it
  std::map<std::string, size_t> strings;   ///< field → calls that give it as a string
  size_t calls = 0;
  Node at;           ///< its first interaction
  size_t index = 0;  ///< its place in the set's operations
};

class SetBuilder {
 public:
  SetBuilder(document::Reader& in, const contract::OperationSet& known, PactAnswers answers)
      : in_(in), known_(known), answers_(answers) {}

  PactSet build(const std::vector<PactInteraction>& interactions) {
    for (const auto& i : interactions) learn(i);
    for (auto& [path, op] : added_) {
      op.index = out_.operations.size();
      out_.operations.push_back(operation(path, op));
    }
    for (const auto& i : interactions) place(i);
    for (auto& [uuid, state] : first_state_) out_.directories[uuid].initial_state = state;
    return std::move(out_);
  }

 private:
  /// Notes the fields of a call to a path no operation has.
  void learn(const PactInteraction& i) {
    if (known_.by_path(i.path)) return;
    if (!contract::is_operation_path(i.path)) {
      in_.warning(i.node, "a request to " + i.path +
                              ": drivemock serves operations under /v3/ only; left out");
      return;
    }
    auto& op = added_[i.path];
    if (op.calls++ == 0) {
      op.name = name_for(i.path);
      op.at = i.node;
    }
    for (auto [key, value] : document::members(i.body)) {
      std::string name(key.text());
      auto type = field_type(value);
      if (!type) continue;
      if (op.types.emplace(name, *type).second) op.order.push_back(name);
      ++op.present[name];
      if (*type == FieldType::string) ++op.strings[name];
    }
  }

  std::string name_for(const std::string& path) {
    std::string name = path.substr(4);  // after /v3/
    for (char& c : name) {
      if (c == '/') c = '-';
    }
    std::string unique = name;
    for (int n = 2; known_.by_name(unique) || !names_.insert(unique).second; ++n) {
      unique = name + "-" + std::to_string(n);
    }
    return unique;
  }

  /// The operation the calls to `path` make: a field every call gives is
  /// required, and `uuid` names the entity when every call gives it as a string.
  Operation operation(const std::string& path, NewOperation& learnt) {
    Operation op;
    op.name = learnt.name;
    op.path = path;
    for (const auto& f : learnt.order) {
      op.fields.push_back({f, learnt.types.at(f),
                           learnt.present.at(f) == learnt.calls ? contract::Presence::required
                                                                : contract::Presence::optional});
    }
    op.key = learnt.strings["uuid"] == learnt.calls ? "uuid" : "";
    op.builtin_message = "Success.";
    op.builtin_code = "success";
    op.source = in_.file();
    op.line = learnt.at.line();
    op.column = learnt.at.column();
    return op;
  }

  const Operation* operation_at(const std::string& path) const {
    if (const Operation* op = known_.by_path(path)) return op;
    auto added = added_.find(path);
    return added == added_.end() ? nullptr : &out_.operations[added->second.index];
  }

  void place(const PactInteraction& i) {
    const Operation* op = operation_at(i.path);
    if (!op) return;
    std::optional<std::string> uuid;
    Condition when;
    when.state = i.state;
    std::string same = op->name + "\n" + i.state.value_or("") + "\n";
    for (auto [key, value] : document::members(i.body)) {
      std::string f(key.text());
      if (contract::has_key(*op) && f == op->key) {
        if (value.is_string()) uuid = std::string(value.text());
        continue;
      }
      auto field = std::find_if(op->fields.begin(), op->fields.end(),
                                [&](const contract::Field& x) { return x.name == f; });
      // The contract reports a field it has not; `when` cannot name it.
      if (field == op->fields.end() || f == "state") continue;
      when.fields.push_back({f, condition_json(value, field->type)});
      same += f + "\n" + when.fields.back().expected_json + "\n";
    }
    if (contract::has_key(*op) && !uuid) {
      in_.warning(i.node, "the request body has no string '" + op->key + "', which names the " +
                              op->name +
                              " call's uuid; drivemock answers such a call 400: left out");
      return;
    }
    same = uuid.value_or("") + "\n" + same;
    auto [first, fresh] = rules_.emplace(same, &i);
    if (!fresh) {
      if (!(first->second->response == i.response)) {
        in_.warning(i.node, "the same request in the same state as the interaction at line " +
                                std::to_string(first->second->node.line()) +
                                " answers otherwise; drivemock answers the first");
      }
      return;
    }
    auto answer = answer_of(*op, i.response);
    if (!answer) return;
    Rule rule;
    rule.when = std::move(when);
    rule.answers.push_back(std::move(*answer));
    // A uuid starts in the provider state of its first interaction: served
    // as the pact says from the first call (pact-stub-server answers every
    // interaction), and in drivemock's own pacts the state it started in.
    if (uuid && i.state) first_state_.emplace(*uuid, *i.state);
    auto& rules = uuid ? out_.directories[*uuid].operations[op->name] : out_.defaults[op->name];
    rules.push_back(std::move(rule));
  }

  /// Where a header of the response is named in the pact.
  static Node header_at(const PactResponse& response, const std::string& name) {
    for (auto [key, value] : document::members(response.headers_at)) {
      if (key.text() == name) return key;
    }
    return response.node;
  }

  /// The response as an answer, checked as the scenario grammar checks one.
  std::optional<Reply> answer_of(const Operation& op, const PactResponse& response) {
    if (response.code < 100 || response.code > 599) {
      in_.error(response.status ? response.status : response.node,
                "expected an HTTP status from 100 to 599, found '" +
                    std::string(response.status.text()) + "'");
      return std::nullopt;
    }
    Reply answer;
    answer.status = response.code;
    std::vector<Header> headers;
    bool refused = false;
    for (const auto& [name, value] : response.headers) {
      auto problem = header_name_problem(name);
      if (!problem) problem = header_value_problem(name, value);
      if (problem) in_.error(header_at(response, name), std::move(*problem));
      refused = refused || problem;
      headers.push_back({name, value});
    }
    if (refused) return std::nullopt;
    if (!headers.empty()) answer.headers = answers_.bodies.intern(std::move(headers));
    if (response.json) {
      answer.body = answers_.bodies.intern(*response.json);
      for (auto& warning :
           answer_body_warnings(answers_.bodies, answers_.dialect, op, answer.body)) {
        in_.warning(response.body_at, std::move(warning));
      }
    } else if (response.raw) {
      answer.body = answers_.bodies.intern(*response.raw);
      type_raw_text(answer);
    }
    read_envelope(answer);
    return answer;
  }

  document::Reader& in_;
  const contract::OperationSet& known_;
  PactAnswers answers_;
  std::map<std::string, NewOperation> added_;  ///< path → operation
  std::set<std::string> names_;
  /// operation, uuid, state, when → the first interaction that gave it
  std::map<std::string, const PactInteraction*> rules_;
  std::map<std::string, std::string> first_state_;  ///< uuid → its first interaction's state
  PactSet out_;
};

}  // namespace

bool looks_like_pact(document::Node root) {
  return root.is_map() && root.member("interactions") && !root.member("directories");
}

std::optional<PactSet> pact_set(document::Node root, document::Reader& in,
                                const contract::OperationSet& known, PactAnswers answers) {
  auto interactions = interchange::read_pact_interactions(root, in);
  if (!interactions) return std::nullopt;
  return SetBuilder(in, known, answers).build(*interactions);
}

}  // namespace drivemock::scenario
