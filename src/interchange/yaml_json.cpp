#include "interchange/yaml_json.h"

#include "document/scalars.h"
#include "document/tree_json.h"
#include "util/json.h"

namespace drivemock::interchange {

bool plain_scalar_stays_string(const std::string& text) {
  return document::plain_kind(text) == document::Kind::string;
}

std::string condition_json(document::Node node, contract::FieldType type) {
  if (type != contract::FieldType::string || !node.is_scalar()) return document::to_json(node);
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  json::write_string(w, node.text());
  return {buffer.GetString(), buffer.GetSize()};
}

}  // namespace drivemock::interchange
