#include "admin/admin_json.h"

#include "journal/entry_json.h"
#include "util/json.h"

namespace drivemock::admin {

Reply success(const std::string& message) {
  return json_reply(200, json::string_object({{"status", "success"}, {"message", message}}));
}

Result<rapidjson::Document, Reply> parse_object_body(const RequestView& request) {
  std::string_view body = request.body.empty() ? std::string_view("{}") : request.body;
  auto doc = json::parse_untrusted(body);
  if (!doc) {
    return invalid_params("The body is not valid JSON: " + doc.error().message);
  }
  if (!doc->IsObject()) return invalid_params("The body must be a JSON object");
  return std::move(doc).value();
}

Result<journal::FilterMatcher, Reply> read_filter(const rapidjson::Document& doc,
                                                  const std::vector<std::string>& extra) {
  auto filter = journal::parse_filter(doc, extra);
  if (!filter) return invalid_params(filter.error().message);
  auto matcher = journal::FilterMatcher::create(std::move(*filter));
  if (!matcher) return invalid_params(matcher.error().message);
  return std::move(matcher).value();
}

Reply entries_reply(const std::vector<EntryPtr>& entries, const journal::Journal* meta) {
  return object_reply(200, [&](json::Writer& w) {
    json::write_array(w, "requests", entries, [&](const auto& e) { journal::write_entry(w, *e); });
    if (meta) {
      json::write_string(w, "meta");
      w.StartObject();
      json::write_count(w, "total", meta->size());
      json::write_count(w, "dropped", meta->dropped());
      w.EndObject();
    }
  });
}

void write_positioned(json::Writer& w, const char* key, const Diagnostics& diagnostics) {
  json::write_array(w, key, diagnostics, [&](const auto& d) {
    w.StartObject();
    json::write_member(w, "severity", d.severity == Severity::error ? "error" : "warning");
    json::write_position(w, d.file, d.line, d.column);
    json::write_member(w, "message", d.message);
    w.EndObject();
  });
}

void write_last_reload(json::Writer& w, const std::optional<control::LastReload>& reload) {
  json::write_string(w, "lastReload");
  if (!reload) {
    w.Null();
    return;
  }
  w.StartObject();
  json::write_member(w, "cause", control::cause_name(reload->cause));
  json::write_member(w, "at", format_utc_millis(reload->at));
  json::write_member(w, "outcome", reload->failed() ? "failed" : "reloaded");
  write_positioned(w, "problems", reload->problems);
  json::write_count(w, "problemsFound", reload->problems_found);
  write_hidden_file_sets(w, "stillHidden", reload->still_hidden);
  w.EndObject();
}

void write_hidden_file_sets(json::Writer& w, const char* key,
                            const std::vector<scenario::HiddenFileSet>& hidden) {
  json::write_array(w, key, hidden, [&](const auto& h) {
    w.StartObject();
    json::write_member(w, "set", h.name);
    json::write_member(w, "source", h.source);
    json::write_member(w, "by", h.by);
    json::write_count(w, "scripts", h.scripts);
    w.EndObject();
  });
}

}  // namespace drivemock::admin
