#include "interchange/yaml_json.h"

#include <charconv>
#include <cmath>

#include "util/json.h"

namespace drivemock::interchange {
namespace {

bool is_plain(const YAML::Node& scalar) {
  return scalar.Tag() == "?";
}

bool write_number(json::Writer& w, const std::string& text) {
  // Most plain scalars are words; from_chars is slow to say so.
  if (std::string_view("0123456789-.").find(text.front()) == std::string_view::npos) return false;
  const char* end = text.data() + text.size();
  long long integer = 0;
  auto [p, ec] = std::from_chars(text.data(), end, integer);
  if (ec == std::errc() && p == end) return w.Int64(integer);
  double real = 0;
  auto [q, ec2] = std::from_chars(text.data(), end, real);
  if (ec2 == std::errc() && q == end && std::isfinite(real)) return w.Double(real);
  return false;
}

void write_plain_scalar(json::Writer& w, const std::string& text) {
  // The words YAML reads as null or a boolean have at most five letters.
  if (text.size() > 5) {
    if (!write_number(w, text)) json::write_string(w, text);
  } else if (text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL") {
    w.Null();
  } else if (text == "true" || text == "True" || text == "TRUE") {
    w.Bool(true);
  } else if (text == "false" || text == "False" || text == "FALSE") {
    w.Bool(false);
  } else if (!write_number(w, text)) {
    json::write_string(w, text);
  }
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

std::string condition_json(const YAML::Node& node, contract::FieldType type) {
  if (type != contract::FieldType::string || !node.IsScalar()) return yaml_to_json(node);
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  json::write_string(w, node.Scalar());
  return {buffer.GetString(), buffer.GetSize()};
}

}  // namespace drivemock::interchange
