#include "model/error_envelope.h"

namespace drivemock {
namespace {

/// What an envelope says of its call.
enum class Outcome { success, error };

void write_envelope_members(json::Writer& w, Dialect dialect, Outcome outcome,
                            std::string_view message, std::string_view code) {
  json::write_string(w, "status");
  bool ok = outcome == Outcome::success;
  if (dialect == Dialect::service) {
    w.Bool(ok);
  } else {
    json::write_string(w, ok ? "success" : "error");
  }
  json::write_member(w, "message", message);
  json::write_member(w, "code", code);
}

std::string envelope(Dialect dialect, Outcome outcome, std::string_view message,
                     std::string_view code) {
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  w.StartObject();
  write_envelope_members(w, dialect, outcome, message, code);
  w.EndObject();
  return {buffer.GetString(), buffer.GetSize()};
}

}  // namespace

const char* dialect_name(Dialect dialect) {
  return dialect == Dialect::service ? "service" : "document";
}

std::optional<Dialect> dialect_from_name(std::string_view name) {
  if (name == "document") return Dialect::document;
  if (name == "service") return Dialect::service;
  return std::nullopt;
}

std::string Envelope::error(std::string_view message, std::string_view code) const {
  return envelope(dialect_, Outcome::error, message, code);
}

std::string Envelope::success(std::string_view message, std::string_view code) const {
  return envelope(dialect_, Outcome::success, message, code);
}

void Envelope::write_error_members(json::Writer& w, std::string_view message,
                                   std::string_view code) const {
  write_envelope_members(w, dialect_, Outcome::error, message, code);
}

std::string error_envelope(std::string_view message, std::string_view code) {
  return Envelope().error(message, code);
}

void write_error_members(json::Writer& w, std::string_view message, std::string_view code) {
  Envelope().write_error_members(w, message, code);
}

}  // namespace drivemock
