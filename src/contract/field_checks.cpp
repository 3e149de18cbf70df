#include "contract/field_checks.h"

#include <algorithm>

#include "util/json.h"

namespace drivemock::contract {

bool has_type(const rapidjson::Value& value, FieldType type) {
  switch (type) {
    case FieldType::string: return value.IsString();
    case FieldType::number: return value.IsNumber();
    case FieldType::boolean: return value.IsBool();
    case FieldType::object: return value.IsObject();
    case FieldType::array: return value.IsArray();
    case FieldType::any: return true;
  }
  return false;
}

bool has_nul(const rapidjson::Value& value) {
  return value.IsString() &&
         std::string_view(value.GetString(), value.GetStringLength()).find('\0') !=
             std::string_view::npos;
}

namespace {

std::optional<Violation> check_one(const Field& field, const rapidjson::Value& object,
                                   const std::string& what) {
  auto it = object.FindMember(field.name.c_str());
  if (it == object.MemberEnd()) {
    if (field.presence == Presence::optional) return std::nullopt;
    return Violation{"field_missing",
                     "Field '" + field.name + "' is missing from the " + what + "; expected a " +
                         type_name(field.type),
                     field.name};
  }
  if (has_nul(it->value)) {
    // Whoever reads it as a C string (a log, a shell, another service) reads
    // only what comes before the NUL: a uuid "a\u0000b" would be "a".
    return Violation{"field_type",
                     "Field '" + field.name + "' of the " + what +
                         " is a string with a NUL character (\\u0000) in it; expected a string "
                         "without one",
                     field.name};
  }
  if (has_type(it->value, field.type)) return std::nullopt;
  return Violation{"field_type",
                   "Field '" + field.name + "' of the " + what + " is a " +
                       json::type_name(it->value) + "; expected a " + type_name(field.type),
                   field.name};
}

}  // namespace

std::vector<Violation> check_fields(const std::vector<Field>& fields,
                                    const rapidjson::Value& object, const std::string& what,
                                    UnknownFields unknown) {
  std::vector<Violation> out;
  for (const auto& field : fields) {
    if (auto v = check_one(field, object, what)) out.push_back(std::move(*v));
  }
  if (unknown == UnknownFields::allow) return out;
  for (const auto& member : object.GetObject()) {
    std::string_view name(member.name.GetString(), member.name.GetStringLength());
    bool listed =
        std::any_of(fields.begin(), fields.end(), [&](const Field& f) { return f.name == name; });
    if (!listed) {
      out.push_back({"field_unknown",
                     "Field '" + std::string(name) + "' of the " + what +
                         " is not in the contract; expected only: " + field_names(fields),
                     std::string(name)});
    }
  }
  return out;
}

}  // namespace drivemock::contract
