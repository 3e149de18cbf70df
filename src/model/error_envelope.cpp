#include "model/error_envelope.h"

namespace drivemock {

void write_error_members(json::Writer& w, std::string_view message, std::string_view code) {
  json::write_member(w, "status", "error");
  json::write_member(w, "message", message);
  json::write_member(w, "code", code);
}

std::string error_envelope(std::string_view message, std::string_view code) {
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  w.StartObject();
  write_error_members(w, message, code);
  w.EndObject();
  return {buffer.GetString(), buffer.GetSize()};
}

}  // namespace drivemock
