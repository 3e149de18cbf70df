#include "contract/operations_reader.h"

#include <algorithm>
#include <array>
#include <set>

namespace drivemock::contract {
namespace {

constexpr std::array<std::pair<FieldType, std::string_view>, 5> kTypes = {{
    {FieldType::string, "string"},
    {FieldType::boolean, "boolean"},
    {FieldType::number, "number"},
    {FieldType::object, "object"},
    {FieldType::array, "array"},
}};

const YamlKeys kDefinitionKeys = {"path", "fields", "required", "key", "answer", "on_success"};
/// A scenario file's definition may also give the operation's protocol
/// (rules, which the scenario loader reads itself).
const YamlKeys kScenarioDefinitionKeys = {"path",   "fields",     "required", "key",
                                          "answer", "on_success", "protocol"};

bool has_field(const Operation& op, const std::string& name, std::optional<FieldType> type) {
  return std::any_of(op.fields.begin(), op.fields.end(),
                     [&](const Field& f) { return f.name == name && (!type || f.type == *type); });
}

class DefinitionReader {
 public:
  DefinitionReader(YamlReader& reader, AnswerForm form) : in_(reader), form_(form) {}

  /// One definition; nullopt when it has errors (reported).
  std::optional<Operation> read(const YAML::Node& name, const YAML::Node& node) {
    size_t errors_before = in_.error_count();
    Operation op;
    op.name = name.Scalar();
    op.source = in_.file();
    op.line = name.Mark().line + 1;
    op.column = name.Mark().column + 1;
    node_.reset(node);  // not `=`, which would write into the document
    in_.set_context(node);
    const YamlKeys& keys =
        form_ == AnswerForm::read_by_caller ? kScenarioDefinitionKeys : kDefinitionKeys;
    if (!in_.expect(node, YAML::NodeType::Map, "an operation (" + join_keys(keys) + ")")) {
      return std::nullopt;
    }
    in_.check_keys(node, keys, "operation " + op.name);
    read_path(yaml_member(node, "path"), op);
    size_t errors_before_fields = in_.error_count();
    read_fields(yaml_member(node, "fields"), op);
    // A field with a bad type is left out: its error says enough about the key.
    bool fields_read = in_.error_count() == errors_before_fields;
    read_required(yaml_member(node, "required"), op);
    if (fields_read) read_key(yaml_member(node, "key"), op);
    if (form_ == AnswerForm::message_and_code) read_message_and_code(node, op);
    if (auto success = yaml_member(node, "on_success")) read_on_success(success, op);
    if (in_.error_count() != errors_before) return std::nullopt;
    return op;
  }

 private:
  void read_path(const YAML::Node& node, Operation& op) {
    auto path = in_.scalar(node, "path: a POST path under /v3/");
    if (!path) return;
    if (is_operation_path(*path)) {
      op.path = *path;
    } else {
      in_.error(node, "path '" + *path + "' is not under /v3/");
    }
  }

  void read_fields(const YAML::Node& node, Operation& op) {
    if (!in_.expect(node, YAML::NodeType::Map, "fields: a mapping of field name to type")) return;
    for (const auto& kv : node) {
      auto type_name = in_.scalar(kv.second, "a field type");
      if (!type_name) continue;
      auto type = std::find_if(kTypes.begin(), kTypes.end(),
                               [&](const auto& t) { return t.second == *type_name; });
      if (type == kTypes.end()) {
        in_.error(kv.second, "unknown type '" + *type_name +
                                 "'; expected string, boolean, number, object or array");
        continue;
      }
      op.fields.push_back({kv.first.Scalar(), type->first, Presence::required});
    }
  }

  void read_required(const YAML::Node& node, Operation& op) {
    if (!node) return;  // every listed field
    if (!in_.expect(node, YAML::NodeType::Sequence, "required: a list of field names")) return;
    for (auto& field : op.fields) field.presence = Presence::optional;
    for (const auto& item : node) {
      auto name = in_.scalar(item, "a field name");
      if (!name) continue;
      auto field = std::find_if(op.fields.begin(), op.fields.end(),
                                [&](const Field& f) { return f.name == *name; });
      if (field == op.fields.end()) {
        in_.error(item, "required names '" + *name + "', not a field of " + op.name);
      } else {
        field->presence = Presence::required;
      }
    }
  }

  /// The key must be a string field every request sends: it names the
  /// entity. `key: null` says the operation names none: its calls are
  /// scripted under `defaults:`, as one sequence for all of them.
  void read_key(const YAML::Node& node, Operation& op) {
    if (node && node.IsNull()) {
      op.key.clear();
      return;
    }
    if (node) {
      auto key = in_.scalar(node, "key: the name of a string field");
      if (!key) return;
      op.key = *key;
    }
    const YAML::Node at = node ? node : yaml_member(node_, "fields");
    if (!has_field(op, op.key, FieldType::string)) {
      in_.error(at, node ? "key names '" + op.key + "', not a string field of " + op.name
                         : "the fields of " + op.name +
                               " need uuid: string, the entity's key (or name another string "
                               "field with key:, or say key: null for none)");
      return;
    }
    // A request without its key could not be scripted: the key is always required.
    for (auto& field : op.fields) {
      if (field.name == op.key) field.presence = Presence::required;
    }
  }

  void read_message_and_code(const YAML::Node& node, Operation& op) {
    const YAML::Node answer = yaml_member(node, "answer");
    if (!in_.expect(answer, YAML::NodeType::Map, "answer: {message, code}")) return;
    if (auto message = in_.scalar(yaml_member(answer, "message"), "answer message (string)")) {
      op.builtin_message = *message;
    }
    if (auto code = in_.scalar(yaml_member(answer, "code"), "answer code (string)")) {
      op.builtin_code = *code;
    }
  }

  void read_on_success(const YAML::Node& node, Operation& op) {
    if (!in_.expect(node, YAML::NodeType::Map, "on_success: {state, store}")) return;
    in_.check_keys(node, {"state", "store"}, "on_success");
    if (auto state = yaml_member(node, "state"))
      op.state_on_success = in_.scalar(state, "a state name");
    auto store = yaml_member(node, "store");
    if (!store) return;
    op.stored_field = in_.scalar(store, "a field name");
    if (op.stored_field && !has_field(op, *op.stored_field, std::nullopt)) {
      in_.error(store, "store names '" + *op.stored_field + "', not a field of " + op.name);
    }
  }

  YamlReader& in_;
  AnswerForm form_;
  YAML::Node node_;  ///< the definition being read
};

}  // namespace

std::vector<Operation> read_definitions(const YAML::Node& operations, YamlReader& reader,
                                        AnswerForm form, const OperationSet* taken) {
  std::vector<Operation> out;
  if (!reader.expect(operations, YAML::NodeType::Map,
                     "`operations`: a mapping of name to definition")) {
    return out;
  }
  DefinitionReader definitions(reader, form);
  std::set<std::string> names, paths;
  for (const auto& kv : operations) {
    auto op = definitions.read(kv.first, kv.second);
    if (!op) continue;
    const Operation* clash = taken ? taken->by_name(op->name) : nullptr;
    if (clash) {
      reader.error(kv.first, "operation '" + op->name + "' is already defined (" + clash->source +
                                 "); expected a new name");
      continue;
    }
    // A name given twice is the repeated key its reader reports
    // (YamlReader::check_repeated_keys); the second is left out.
    if (!names.insert(op->name).second) continue;
    clash = taken ? taken->by_path(op->path) : nullptr;
    if (clash || !paths.insert(op->path).second) {
      reader.error(yaml_member(kv.second, "path"),
                   "path " + op->path + " is used by two operations" +
                       (clash ? " (" + clash->name + ", " + clash->source + ")" : std::string()));
      continue;
    }
    out.push_back(std::move(*op));
  }
  reader.clear_context();
  return out;
}

Checked<std::vector<Operation>> read_operations(std::string_view yaml, const std::string& source) {
  Checked<std::vector<Operation>> read{std::vector<Operation>{}, {}};
  auto root = load_yaml(yaml, source, read.diagnostics);
  if (!root) return read;
  YamlReader reader(source, read.diagnostics);
  if (!reader.expect(*root, YAML::NodeType::Map, "a mapping with `operations`")) return read;
  reader.check_repeated_keys(*root);
  read.value =
      read_definitions(yaml_member(*root, "operations"), reader, AnswerForm::message_and_code);
  return read;
}

}  // namespace drivemock::contract
