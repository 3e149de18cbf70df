#include "contract/field_json.h"

namespace drivemock::contract {

void write_fields(json::Writer& w, const std::vector<Field>& fields) {
  json::write_array(w, "fields", fields, [&](const Field& field) {
    w.StartObject();
    json::write_member(w, "name", field.name);
    json::write_member(w, "type", type_name(field.type));
    json::write_bool(w, "required", field.presence == Presence::required);
    w.EndObject();
  });
}

}  // namespace drivemock::contract
