#include "interchange/yaml_json.h"

#include "document/scalars.h"
#include "document/tree_json.h"
#include "util/json.h"

namespace drivemock::interchange {
namespace {

bool is_plain(const YAML::Node& scalar) {
  return scalar.Tag() == "?";
}

void write_plain_scalar(json::Writer& w, const std::string& text) {
  document::write_scalar(w, document::plain_kind(text), text);
}

void write_node(json::Writer& w, const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Map:
      w.StartObject();
      for (const auto& kv : node) {
        json::write_string(w, kv.first.Scalar());
        write_node(w, kv.second);
      }
      w.EndObject();
      return;
    case YAML::NodeType::Sequence:
      w.StartArray();
      for (const auto& item : node) write_node(w, item);
      w.EndArray();
      return;
    case YAML::NodeType::Scalar:
      if (is_plain(node)) {
        write_plain_scalar(w, node.Scalar());
      } else {
        json::write_string(w, node.Scalar());
      }
      return;
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined: w.Null(); return;
  }
}

}  // namespace

bool plain_scalar_stays_string(const std::string& text) {
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  write_plain_scalar(w, text);
  return buffer.GetSize() > 0 && buffer.GetString()[0] == '"';
}

std::string yaml_to_json(const YAML::Node& node) {
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  write_node(w, node);
  return {buffer.GetString(), buffer.GetSize()};
}

std::string condition_json(document::Node node, contract::FieldType type) {
  if (type != contract::FieldType::string || !node.is_scalar()) return document::to_json(node);
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  json::write_string(w, node.text());
  return {buffer.GetString(), buffer.GetSize()};
}

std::string condition_json(const YAML::Node& node, contract::FieldType type) {
  if (type != contract::FieldType::string || !node.IsScalar()) return yaml_to_json(node);
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  json::write_string(w, node.Scalar());
  return {buffer.GetString(), buffer.GetSize()};
}

}  // namespace drivemock::interchange
