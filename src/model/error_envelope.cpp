#include "model/error_envelope.h"

namespace drivemock {

const char* dialect_name(Dialect dialect) {
  return dialect == Dialect::service ? "service" : "document";
}

std::optional<Dialect> dialect_from_name(std::string_view name) {
  if (name == "document") return Dialect::document;
  if (name == "service") return Dialect::service;
  return std::nullopt;
}

void Envelope::write_members(json::Writer& w, Outcome outcome, std::string_view message,
                             std::string_view code) const {
  json::write_string(w, "status");
  bool ok = outcome == Outcome::success;
  if (dialect_ == Dialect::service) {
    w.Bool(ok);
  } else {
    json::write_string(w, ok ? "success" : "error");
  }
  json::write_member(w, "message", message);
  json::write_member(w, "code", code);
}

std::string Envelope::text(Outcome outcome, std::string_view message, std::string_view code) const {
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  w.StartObject();
  write_members(w, outcome, message, code);
  w.EndObject();
  return {buffer.GetString(), buffer.GetSize()};
}

std::string Envelope::error(std::string_view message, std::string_view code) const {
  return text(Outcome::error, message, code);
}

std::string Envelope::success(std::string_view message, std::string_view code) const {
  return text(Outcome::success, message, code);
}

void Envelope::write_error_members(json::Writer& w, std::string_view message,
                                   std::string_view code) const {
  write_members(w, Outcome::error, message, code);
}

std::string error_envelope(std::string_view message, std::string_view code) {
  return Envelope().error(message, code);
}

void write_error_members(json::Writer& w, std::string_view message, std::string_view code) {
  Envelope().write_error_members(w, message, code);
}

}  // namespace drivemock
