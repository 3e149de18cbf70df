#include "util/json.h"

namespace drivemock::json {

std::string to_string(const rapidjson::Value& value) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  value.Accept(w);
  return {buffer.GetString(), buffer.GetSize()};
}

void write_string(Writer& w, std::string_view s) {
  w.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
}

void write_member(Writer& w, std::string_view key, std::string_view value) {
  write_string(w, key);
  write_string(w, value);
}

std::string string_object(
    std::initializer_list<std::pair<std::string_view, std::string_view>> members) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  w.StartObject();
  for (const auto& [key, value] : members) write_member(w, key, value);
  w.EndObject();
  return {buffer.GetString(), buffer.GetSize()};
}

std::string error_envelope(std::string_view message, std::string_view code) {
  return string_object({{"status", "error"}, {"message", message}, {"code", code}});
}

const char* type_name(const rapidjson::Value& value) {
  switch (value.GetType()) {
    case rapidjson::kNullType: return "null";
    case rapidjson::kFalseType:
    case rapidjson::kTrueType: return "boolean";
    case rapidjson::kObjectType: return "object";
    case rapidjson::kArrayType: return "array";
    case rapidjson::kStringType: return "string";
    case rapidjson::kNumberType: return "number";
  }
  return "unknown";
}

}  // namespace drivemock::json
