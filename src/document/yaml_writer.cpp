#include "document/yaml_writer.h"

#include <yaml-cpp/yaml.h>

#include "util/json.h"

namespace drivemock::document {
namespace {

/// Recursive: the values written here are drivemock's own documents around
/// answers read from scenario text, whose nesting every reader bounds
/// (json::kMaxDepth, kMaxYamlDepth: 64).
void emit(YAML::Emitter& out, const rapidjson::Value& v, bool (*needs_quotes)(std::string_view)) {
  if (v.IsObject()) {
    out << YAML::BeginMap;
    for (const auto& m : v.GetObject()) {
      out << YAML::Key;
      emit(out, m.name, needs_quotes);
      out << YAML::Value;
      emit(out, m.value, needs_quotes);
    }
    out << YAML::EndMap;
  } else if (v.IsArray()) {
    out << YAML::BeginSeq;
    for (const auto& item : v.GetArray()) emit(out, item, needs_quotes);
    out << YAML::EndSeq;
  } else if (v.IsString()) {
    std::string s(v.GetString(), v.GetStringLength());
    if (needs_quotes(s)) out << YAML::DoubleQuoted;
    out << s;
  } else if (v.IsBool()) {
    out << v.GetBool();
  } else if (v.IsNull()) {
    out << YAML::Null;
  } else {
    out << json::to_string(v);  // numbers as JSON writes them
  }
}

}  // namespace

std::string json_as_yaml(const rapidjson::Value& value, bool (*needs_quotes)(std::string_view)) {
  YAML::Emitter out;
  out.SetIndent(2);
  emit(out, value, needs_quotes);
  return out.c_str();
}

}  // namespace drivemock::document
