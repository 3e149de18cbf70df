#include "contract/operations.h"

#include <cstdlib>

#include "contract/operations_document.h"
#include "contract/operations_reader.h"
#include "util/log.h"

namespace drivemock::contract {

const std::vector<Operation>& operations() {
  // The built-in document is part of the program: if it does not read, the
  // build is broken (tests/unit/test_operations_reader.cpp reads it first).
  static const std::vector<Operation> table = [] {
    auto read = read_operations(kOperationsDocument, "contract/operations.yaml");
    for (const auto& d : read.diagnostics) log::error("drivemock: " + format_diagnostic(d));
    if (has_errors(read.diagnostics)) std::abort();
    return std::move(*read.value);
  }();
  return table;
}

const std::vector<Field>& answer_fields(Dialect dialect) {
  static const std::vector<Field> document = {{"status", FieldType::string, Presence::optional},
                                              {"message", FieldType::string, Presence::optional},
                                              {"code", FieldType::string, Presence::optional}};
  static const std::vector<Field> service = {{"status", FieldType::boolean, Presence::optional},
                                             {"message", FieldType::string, Presence::optional},
                                             {"code", FieldType::string, Presence::optional}};
  return dialect == Dialect::service ? service : document;
}

const Operation* find_by_path(std::string_view path) {
  for (const auto& op : operations()) {
    if (op.path == path) return &op;
  }
  return nullptr;
}

const Operation* find_by_name(std::string_view name) {
  for (const auto& op : operations()) {
    if (op.name == name) return &op;
  }
  return nullptr;
}

const char* type_name(FieldType type) {
  switch (type) {
    case FieldType::string: return "string";
    case FieldType::number: return "number";
    case FieldType::boolean: return "boolean";
    case FieldType::object: return "object";
    case FieldType::array: return "array";
  }
  return "unknown";
}

std::string field_names(const std::vector<Field>& fields) {
  std::string out;
  for (const auto& f : fields) out += (out.empty() ? "" : ", ") + f.name;
  return out;
}

std::string operation_names() {
  std::string out;
  for (const auto& op : operations()) out += (out.empty() ? "" : ", ") + op.name;
  return out;
}

}  // namespace drivemock::contract
