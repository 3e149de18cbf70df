#include "contract/operations.h"

#include <cstdlib>

#include "contract/operations_document.h"
#include "contract/operations_reader.h"
#include "document/tree.h"
#include "util/log.h"

namespace drivemock::contract {

const std::shared_ptr<const OperationSet>& builtin_set() {
  // The built-in document is part of the program: if it does not read, the
  // build is broken (tests/unit/test_operations_reader.cpp reads it first).
  static const std::shared_ptr<const OperationSet> set = [] {
    auto read = read_operations(kOperationsDocument, std::string(kBuiltinSource));
    for (const auto& d : read.diagnostics) log::error("drivemock: " + format_diagnostic(d));
    if (has_errors(read.diagnostics)) std::abort();
    return std::make_shared<const OperationSet>(OperationSet{std::move(*read.value)});
  }();
  return set;
}

const std::vector<std::string>& gateway_hosts() {
  static const std::vector<std::string> hosts = [] {
    Diagnostics diagnostics;
    std::vector<std::string> out;
    auto tree = document::read_tree(kOperationsDocument, std::string(kBuiltinSource), diagnostics);
    for (document::Node host :
         document::items(tree ? tree->root().member("gateway_hosts") : document::Node())) {
      if (host.is_scalar()) out.push_back(std::string(host.text()));
    }
    return out;
  }();
  return hosts;
}

const std::vector<Operation>& operations() {
  return builtin_set()->list;
}

const Operation* OperationSet::by_path(std::string_view path) const {
  for (const auto& op : list) {
    if (op.path == path) return &op;
  }
  return nullptr;
}

const Operation* OperationSet::by_name(std::string_view name) const {
  for (const auto& op : list) {
    if (op.name == name) return &op;
  }
  return nullptr;
}

std::string OperationSet::names() const {
  std::string out;
  for (const auto& op : list) out += (out.empty() ? "" : ", ") + op.name;
  return out;
}

const std::vector<Field>& answer_fields(const Envelope& envelope) {
  static const std::vector<Field> document = {{"status", FieldType::string, Presence::optional},
                                              {"message", FieldType::string, Presence::optional},
                                              {"code", FieldType::string, Presence::optional}};
  static const std::vector<Field> service = {{"status", FieldType::boolean, Presence::optional},
                                             {"message", FieldType::string, Presence::optional},
                                             {"code", FieldType::string, Presence::optional}};
  return envelope.boolean_status() ? service : document;
}

const Operation* find_by_path(std::string_view path) {
  return builtin_set()->by_path(path);
}

const Operation* find_by_name(std::string_view name) {
  return builtin_set()->by_name(name);
}

bool same_request(const Operation& a, const Operation& b) {
  return a.name == b.name && a.path == b.path && a.key == b.key && a.fields == b.fields &&
         a.state_on_success == b.state_on_success && a.stored_field == b.stored_field;
}

const char* type_name(FieldType type) {
  switch (type) {
    case FieldType::string: return "string";
    case FieldType::number: return "number";
    case FieldType::boolean: return "boolean";
    case FieldType::object: return "object";
    case FieldType::array: return "array";
    case FieldType::any: return "any";
  }
  return "unknown";
}

std::string field_names(const std::vector<Field>& fields) {
  std::string out;
  for (const auto& f : fields) out += (out.empty() ? "" : ", ") + f.name;
  return out;
}

}  // namespace drivemock::contract
