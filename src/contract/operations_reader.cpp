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

const document::Keys kDefinitionKeys = {"path", "fields", "required",
                                        "key",  "answer", "on_success"};

bool has_field(const Operation& op, const std::string& name, std::optional<FieldType> type) {
  return std::any_of(op.fields.begin(), op.fields.end(),
                     [&](const Field& f) { return f.name == name && (!type || f.type == *type); });
}

class DefinitionReader {
 public:
  DefinitionReader(document::Reader& reader, AnswerForm form) : in_(reader), form_(form) {}

  /// One definition; nullopt when it has errors (reported).
  std::optional<Operation> read(document::Node name, document::Node node) {
    size_t errors_before = in_.error_count();
    Operation op;
    op.name = std::string(name.text());
    op.source = in_.file();
    op.line = name.line();
    op.column = name.column();
    node_ = node;
    in_.set_context(node);
    const document::Keys& keys =
        form_ == AnswerForm::read_by_caller ? kScenarioDefinitionKeys : kDefinitionKeys;
    if (!in_.expect(node, document::Kind::map,
                    "an operation (" + document::join_keys(keys) + ")")) {
      return std::nullopt;
    }
    in_.fields(node, keys, "operation " + op.name);
    read_path(node.member("path"), op);
    size_t errors_before_fields = in_.error_count();
    read_fields(node.member("fields"), op);
    // A field with a bad type is left out: its error says enough about the key.
    bool fields_read = in_.error_count() == errors_before_fields;
    read_required(node.member("required"), op);
    if (fields_read) read_key(node.member("key"), op);
    if (form_ == AnswerForm::message_and_code) read_message_and_code(node, op);
    if (auto success = node.member("on_success")) read_on_success(success, op);
    if (in_.error_count() != errors_before) return std::nullopt;
    return op;
  }

 private:
  void read_path(document::Node node, Operation& op) {
    auto path = in_.scalar(node, "path: a POST path under /v3/");
    if (!path) return;
    if (is_operation_path(*path)) {
      op.path = *path;
    } else {
      in_.error(node, "path '" + *path + "' is not under /v3/");
    }
  }

  void read_fields(document::Node node, Operation& op) {
    if (!in_.expect(node, document::Kind::map, "fields: a mapping of field name to type")) return;
    for (auto kv : document::members(node)) {
      auto type_name = in_.scalar(kv.second, "a field type");
      if (!type_name) continue;
      auto type = std::find_if(kTypes.begin(), kTypes.end(),
                               [&](const auto& t) { return t.second == *type_name; });
      if (type == kTypes.end()) {
        in_.error(kv.second, "unknown type '" + *type_name +
                                 "'; expected string, boolean, number, object or array");
        continue;
      }
      op.fields.push_back({std::string(kv.first.text()), type->first, Presence::required});
    }
  }

  void read_required(document::Node node, Operation& op) {
    if (!node) return;  // every listed field
    if (!in_.expect(node, document::Kind::sequence, "required: a list of field names")) return;
    for (auto& field : op.fields) field.presence = Presence::optional;
    for (document::Node item : document::items(node)) {
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
  void read_key(document::Node node, Operation& op) {
    if (node && node.is_null()) {
      op.key.clear();
      return;
    }
    if (node) {
      auto key = in_.scalar(node, "key: the name of a string field");
      if (!key) return;
      op.key = *key;
    }
    const document::Node at = node ? node : node_.member("fields");
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

  void read_message_and_code(document::Node node, Operation& op) {
    const document::Node answer = node.member("answer");
    if (!in_.expect(answer, document::Kind::map, "answer: {message, code}")) return;
    if (auto message = in_.scalar(answer.member("message"), "answer message (string)")) {
      op.builtin_message = *message;
    }
    if (auto code = in_.scalar(answer.member("code"), "answer code (string)")) {
      op.builtin_code = *code;
    }
  }

  void read_on_success(document::Node node, Operation& op) {
    if (!in_.expect(node, document::Kind::map, "on_success: {state, store}")) return;
    in_.fields(node, kOnSuccessKeys, "on_success");
    if (auto state = node.member("state")) op.state_on_success = in_.scalar(state, "a state name");
    auto store = node.member("store");
    if (!store) return;
    op.stored_field = in_.scalar(store, "a field name");
    if (op.stored_field && !has_field(op, *op.stored_field, std::nullopt)) {
      in_.error(store, "store names '" + *op.stored_field + "', not a field of " + op.name);
    }
  }

  document::Reader& in_;
  AnswerForm form_;
  document::Node node_;  ///< the definition being read
};

}  // namespace

std::vector<Operation> read_definitions(document::Node operations, document::Reader& reader,
                                        AnswerForm form, const OperationSet* taken) {
  std::vector<Operation> out;
  if (!reader.expect(operations, document::Kind::map,
                     "`operations`: a mapping of name to definition")) {
    return out;
  }
  DefinitionReader definitions(reader, form);
  std::set<std::string> paths;
  for (auto kv : document::members(operations)) {
    auto op = definitions.read(kv.first, kv.second);
    if (!op) continue;
    const Operation* clash = taken ? taken->by_name(op->name) : nullptr;
    if (clash) {
      reader.error(kv.first, "operation '" + op->name + "' is already defined (" + clash->source +
                                 "); expected a new name");
      continue;
    }
    clash = taken ? taken->by_path(op->path) : nullptr;
    if (clash || !paths.insert(op->path).second) {
      reader.error(kv.second.member("path"),
                   "path " + op->path + " is used by two operations" +
                       (clash ? " (" + clash->name + ", " + clash->source + ")" : std::string()));
      continue;
    }
    out.push_back(std::move(*op));
  }
  reader.set_context({});
  return out;
}

Checked<std::vector<Operation>> read_operations(std::string_view yaml, const std::string& source) {
  Checked<std::vector<Operation>> read{std::vector<Operation>{}, {}};
  auto tree = document::read_tree(yaml, source, read.diagnostics);
  if (!tree) return read;
  document::Reader reader(source, read.diagnostics);
  document::Node root = tree->root();
  if (!reader.expect(root, document::Kind::map, "a mapping with `operations`")) return read;
  read.value = read_definitions(root.member("operations"), reader, AnswerForm::message_and_code);
  return read;
}

}  // namespace drivemock::contract
