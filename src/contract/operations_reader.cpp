#include "contract/operations_reader.h"

#include <yaml-cpp/yaml.h>

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

class Reader {
 public:
  Reader(const std::string& source, Diagnostics& diagnostics)
      : source_(source), diagnostics_(diagnostics) {}

  std::vector<Operation> read(const YAML::Node& root) {
    std::vector<Operation> out;
    if (!expect(root, YAML::NodeType::Map, "a mapping with `operations`")) return out;
    YAML::Node operations = root["operations"];
    if (!expect(operations, YAML::NodeType::Map, "`operations`: a mapping of name to definition")) {
      return out;
    }
    std::set<std::string> names, paths;
    for (const auto& kv : operations) {
      size_t errors_before = diagnostics_.size();
      Operation op = definition(kv.first.Scalar(), kv.second);
      if (!names.insert(op.name).second) {
        error(kv.first, "operation '" + op.name + "' is defined twice");
      }
      if (!op.path.empty() && !paths.insert(op.path).second) {
        error(kv.second["path"], "path " + op.path + " is used by two operations");
      }
      if (diagnostics_.size() == errors_before) out.push_back(std::move(op));
    }
    return out;
  }

 private:
  Operation definition(const std::string& name, const YAML::Node& node) {
    Operation op;
    op.name = name;
    where_ = node;
    if (!expect(node, YAML::NodeType::Map,
                "an operation (path, fields, required, answer, on_success)")) {
      return op;
    }
    for (const auto& kv : node) {
      static const std::set<std::string> kKeys = {"path", "fields", "required", "answer",
                                                  "on_success"};
      if (!kKeys.count(kv.first.Scalar())) {
        error(kv.first, "unknown key '" + kv.first.Scalar() +
                            "'; expected path, fields, required, answer or on_success");
      }
    }
    if (auto path = scalar(node["path"], "path: a POST path under /v3/")) {
      if (path->starts_with("/v3/") && path->size() > 4) {
        op.path = *path;
      } else {
        error(node["path"], "path '" + *path + "' is not under /v3/");
      }
    }
    read_fields(node["fields"], op);
    read_required(node["required"], op);
    if (!find_field(op, std::string(kKeyField), FieldType::string)) {
      error(node["fields"], "the fields of " + name + " need uuid: string, the directory's key");
    }
    const YAML::Node answer = node["answer"];
    if (expect(answer, YAML::NodeType::Map, "answer: {message, code}")) {
      if (auto message = scalar(answer["message"], "answer message (string)")) {
        op.builtin_message = *message;
      }
      if (auto code = scalar(answer["code"], "answer code (string)")) op.builtin_code = *code;
    }
    if (const YAML::Node success = node["on_success"]) {
      if (expect(success, YAML::NodeType::Map, "on_success: {state, store}")) {
        if (success["state"]) op.state_on_success = scalar(success["state"], "a state name");
        if (success["store"]) {
          op.stored_field = scalar(success["store"], "a field name");
          if (op.stored_field && !find_field(op, *op.stored_field, std::nullopt)) {
            error(success["store"],
                  "store names '" + *op.stored_field + "', not a field of " + name);
          }
        }
      }
    }
    return op;
  }

  void read_fields(const YAML::Node& node, Operation& op) {
    if (!expect(node, YAML::NodeType::Map, "fields: a mapping of field name to type")) return;
    for (const auto& kv : node) {
      auto type_name = scalar(kv.second, "a field type");
      if (!type_name) continue;
      auto type = std::find_if(kTypes.begin(), kTypes.end(),
                               [&](const auto& t) { return t.second == *type_name; });
      if (type == kTypes.end()) {
        error(kv.second, "unknown type '" + *type_name +
                             "'; expected string, boolean, number, object or array");
        continue;
      }
      op.fields.push_back({kv.first.Scalar(), type->first, Presence::required});
    }
  }

  void read_required(const YAML::Node& node, Operation& op) {
    if (!node) return;  // every listed field
    if (!expect(node, YAML::NodeType::Sequence, "required: a list of field names")) return;
    for (auto& field : op.fields) field.presence = Presence::optional;
    for (const auto& item : node) {
      auto name = scalar(item, "a field name");
      if (!name) continue;
      auto field = std::find_if(op.fields.begin(), op.fields.end(),
                                [&](const Field& f) { return f.name == *name; });
      if (field == op.fields.end()) {
        error(item, "required names '" + *name + "', not a field of " + op.name);
      } else {
        field->presence = Presence::required;
      }
    }
  }

  static bool find_field(const Operation& op, const std::string& name,
                         std::optional<FieldType> type) {
    return std::any_of(op.fields.begin(), op.fields.end(), [&](const Field& f) {
      return f.name == name && (!type || f.type == *type);
    });
  }

  std::optional<std::string> scalar(const YAML::Node& node, const std::string& expected) {
    if (!expect(node, YAML::NodeType::Scalar, expected)) return std::nullopt;
    return node.Scalar();
  }

  bool expect(const YAML::Node& node, YAML::NodeType::value type, const std::string& expected) {
    if (node && node.Type() == type) return true;
    error(node, "expected " + expected);
    return false;
  }

  void error(const YAML::Node& at, std::string message) {
    // A missing key has no position: the definition it is missing from has.
    YAML::Mark mark = at ? at.Mark() : where_ ? where_.Mark() : YAML::Mark::null_mark();
    int line = mark.is_null() ? 0 : mark.line + 1;
    int column = mark.is_null() ? 0 : mark.column + 1;
    diagnostics_.push_back({Severity::error, source_, line, column, std::move(message)});
  }

  const std::string& source_;
  Diagnostics& diagnostics_;
  YAML::Node where_;  ///< the definition being read
};

}  // namespace

Checked<std::vector<Operation>> read_operations(std::string_view yaml, const std::string& source) {
  Checked<std::vector<Operation>> read{std::vector<Operation>{}, {}};
  try {
    read.value = Reader(source, read.diagnostics).read(YAML::Load(std::string(yaml)));
  } catch (const YAML::Exception& e) {
    int line = e.mark.is_null() ? 1 : e.mark.line + 1;
    int column = e.mark.is_null() ? 1 : e.mark.column + 1;
    read.diagnostics.push_back({Severity::error, source, line, column, "invalid YAML: " + e.msg});
  }
  return read;
}

}  // namespace drivemock::contract
