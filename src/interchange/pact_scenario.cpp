#include "interchange/pact_scenario.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <map>
#include <set>

#include "interchange/pact_interactions.h"
#include "interchange/yaml_json.h"

namespace drivemock::interchange {
namespace {

using contract::Operation;

std::string json_type(const YAML::Node& node) {
  if (node.IsMap()) return "object";
  if (node.IsSequence()) return "array";
  std::string json = yaml_to_json(node);
  if (json.starts_with('"')) return "string";
  if (json == "true" || json == "false") return "boolean";
  return json == "null" ? "" : "number";
}

std::string json_quoted(std::string_view s) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
  w.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
  return {buffer.GetString(), buffer.GetSize()};
}

/// An operation for a path no operation has: its fields as the calls give them.
struct NewOperation {
  std::string name;
  std::vector<std::string> order;            ///< fields, as first seen
  std::map<std::string, std::string> types;  ///< field → JSON type, as first seen
  std::map<std::string, size_t> present;     ///< field → calls that give it as a string or not
  std::map<std::string, size_t> strings;     ///< field → calls that give it as a string
  size_t calls = 0;
  std::string key;  ///< "uuid" when every call gives it as a string
  YAML::Mark mark;
};

/// Where each interaction goes: its operation, under which uuid (none:
/// `defaults:`), with which `when`.
struct Placed {
  std::string operation;
  std::optional<std::string> uuid;
  std::string rule;  ///< the rule, JSON text
  YAML::Mark mark;
};

class Generator {
 public:
  Generator(YamlReader& in, const contract::OperationSet& known) : in_(in), known_(known) {}

  PactScenario generate(const std::vector<PactInteraction>& interactions) {
    for (const auto& i : interactions) learn(i);
    for (auto& [path, op] : added_) {
      if (op.strings["uuid"] == op.calls) op.key = "uuid";
    }
    for (const auto& i : interactions) place(i);
    write();
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
      op.mark = i.node.Mark();
    }
    for (const auto& field : i.body) {
      const std::string& name = field.first.Scalar();
      std::string type = json_type(field.second);
      if (type.empty()) continue;
      if (!op.types.contains(name)) {
        op.types[name] = type;
        op.order.push_back(name);
      }
      ++op.present[name];
      if (type == "string") ++op.strings[name];
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

  void place(const PactInteraction& i) {
    const Operation* op = known_.by_path(i.path);
    auto added = added_.find(i.path);
    if (!op && added == added_.end()) return;
    std::string name = op ? op->name : added->second.name;
    std::string key = op ? op->key : added->second.key;
    Placed placed{name, std::nullopt, "", i.node.Mark()};
    std::string when;
    for (const auto& field : i.body) {
      const std::string& f = field.first.Scalar();
      if (!key.empty() && f == key) {
        if (field.second.IsScalar() && json_type(field.second) == "string") {
          placed.uuid = field.second.Scalar();
        }
        continue;
      }
      bool listed = !op || std::any_of(op->fields.begin(), op->fields.end(),
                                       [&](const contract::Field& x) { return x.name == f; });
      if (!listed || f == "state") continue;  // the contract reports it; `when` cannot name it
      when += (when.empty() ? "" : ",") + json_quoted(f) + ":" + yaml_to_json(field.second);
    }
    if (!key.empty() && !placed.uuid) {
      in_.warning(i.node, "the request body has no string '" + key + "', which names the " + name +
                              " call's uuid; drivemock answers such a call 400: left out");
      return;
    }
    if (i.state)
      when = json_quoted("state") + ":" + json_quoted(*i.state) + (when.empty() ? "" : ",") + when;
    std::string condition = when.empty() ? "" : "{" + when + "}";
    std::string where = name + "\n" + placed.uuid.value_or("") + "\n" + condition;
    auto [first, fresh] = rules_.emplace(where, std::make_pair(i.respond, i.node.Mark()));
    if (!fresh) {
      if (first->second.first != i.respond) {
        in_.warning(i.node, "the same request in the same state as the interaction at line " +
                                std::to_string(first->second.second.line + 1) +
                                " answers otherwise; drivemock answers the first");
      }
      return;
    }
    placed.rule = "{" + (condition.empty() ? "" : "\"when\":" + condition + ",") +
                  "\"respond\":" + i.respond + "}";
    // A uuid starts in the provider state of its first interaction: served
    // as the pact says from the first call (pact-stub-server answers every
    // interaction), and in drivemock's own pacts the state it started in.
    if (placed.uuid && i.state) first_state_.emplace(*placed.uuid, *i.state);
    placed_.push_back(std::move(placed));
  }

  void line(std::string text, const YAML::Mark& mark) {
    out_.text += text;
    out_.text += '\n';
    out_.positions.emplace_back(mark.line + 1, mark.column + 1);
  }

  /// Lines of `items`, each but the last followed by a comma.
  void lines(const std::vector<std::pair<std::string, YAML::Mark>>& items) {
    for (size_t n = 0; n < items.size(); ++n) {
      line(items[n].first + (n + 1 < items.size() ? "," : ""), items[n].second);
    }
  }

  std::string definition(const std::string& path, const NewOperation& op) {
    std::string fields, required;
    for (const auto& f : op.order) {
      fields += (fields.empty() ? "" : ",") + json_quoted(f) + ":" + json_quoted(op.types.at(f));
      if (op.present.at(f) == op.calls) required += (required.empty() ? "" : ",") + json_quoted(f);
    }
    return json_quoted(op.name) + ":{\"path\":" + json_quoted(path) + ",\"fields\":{" + fields +
           "},\"required\":[" + required +
           "],\"key\":" + (op.key.empty() ? "null" : json_quoted(op.key)) + "}";
  }

  /// `"name":[` rule lines `]` for each operation of `scripts`.
  using Scripts = std::map<std::string, std::vector<const Placed*>>;
  void write_scripts(const Scripts& scripts) {
    size_t n = 0;
    for (const auto& [operation, rules] : scripts) {
      line(json_quoted(operation) + ":[", rules.front()->mark);
      std::vector<std::pair<std::string, YAML::Mark>> items;
      for (const Placed* p : rules) items.emplace_back(p->rule, p->mark);
      lines(items);
      line(++n < scripts.size() ? "]," : "]", rules.back()->mark);
    }
  }

  void write() {
    const YAML::Mark top;
    line("{", top);
    std::vector<std::pair<std::string, YAML::Mark>> definitions;
    for (const auto& [path, op] : added_) definitions.emplace_back(definition(path, op), op.mark);
    if (!definitions.empty()) {
      line("\"operations\":{", top);
      lines(definitions);
      line("},", top);
    }
    Scripts defaults;
    std::map<std::string, Scripts> directories;
    for (const auto& p : placed_) {
      (p.uuid ? directories[*p.uuid] : defaults)[p.operation].push_back(&p);
    }
    line("\"defaults\":{", top);
    write_scripts(defaults);
    line("},", top);
    line("\"directories\":{", top);
    size_t n = 0;
    for (const auto& [uuid, scripts] : directories) {
      const YAML::Mark& at = scripts.begin()->second.front()->mark;
      line(json_quoted(uuid) + ":{", at);
      auto state = first_state_.find(uuid);
      if (state != first_state_.end()) line("\"state\":" + json_quoted(state->second) + ",", at);
      write_scripts(scripts);
      line(++n < directories.size() ? "}," : "}", top);
    }
    line("}", top);
    line("}", top);
  }

  YamlReader& in_;
  const contract::OperationSet& known_;
  std::map<std::string, NewOperation> added_;  ///< path → operation
  std::set<std::string> names_;
  /// operation, uuid, when → the first answer given and where
  std::map<std::string, std::pair<std::string, YAML::Mark>> rules_;
  std::vector<Placed> placed_;
  std::map<std::string, std::string> first_state_;  ///< uuid → its first interaction's state
  PactScenario out_;
};

}  // namespace

bool looks_like_pact(const YAML::Node& root) {
  return root.IsMap() && yaml_member(root, "interactions") && !yaml_member(root, "directories");
}

std::optional<PactScenario> pact_scenario(const YAML::Node& root, YamlReader& in,
                                          const contract::OperationSet& known) {
  auto interactions = read_pact_interactions(root, in);
  if (!interactions) return std::nullopt;
  return Generator(in, known).generate(*interactions);
}

}  // namespace drivemock::interchange
