#include "document/tree_json.h"

#include "document/scalars.h"

namespace drivemock::document {

void write_json(json::Writer& w, Node node) {
  if (!node) {
    w.Null();
    return;
  }
  switch (node.kind()) {
    case Kind::map:
      w.StartObject();
      for (auto [key, value] : members(node)) {
        json::write_string(w, key.text());
        write_json(w, value);
      }
      w.EndObject();
      return;
    case Kind::sequence:
      w.StartArray();
      for (Node item : items(node)) write_json(w, item);
      w.EndArray();
      return;
    default: write_scalar(w, node.kind(), node.text()); return;
  }
}

std::string to_json(Node node) {
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  write_json(w, node);
  return {buffer.GetString(), buffer.GetSize()};
}

}  // namespace drivemock::document
