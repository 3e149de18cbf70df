#include "admin/admin_json.h"

#include "journal/entry_json.h"
#include "util/json.h"

namespace drivemock::admin {

Reply error(int status, const std::string& message, const char* code) {
  return {status, json::error_envelope(message, code)};
}

Reply success(const std::string& message) {
  return {200, json::string_object({{"status", "success"}, {"message", message}})};
}

std::optional<Reply> parse_object_body(const RequestView& request, rapidjson::Document& doc) {
  std::string_view body = request.body.empty() ? std::string_view("{}") : request.body;
  if (auto problem = json::parse_untrusted(body, doc)) {
    return error(400, "The body is not valid JSON: " + *problem, "invalid_params");
  }
  if (!doc.IsObject()) return error(400, "The body must be a JSON object", "invalid_params");
  return std::nullopt;
}

std::optional<Reply> read_filter(const RequestView& request, rapidjson::Document& doc,
                                 const std::vector<std::string>& extra,
                                 std::unique_ptr<journal::FilterMatcher>& matcher) {
  if (auto bad = parse_object_body(request, doc)) return bad;
  std::string problem;
  auto filter = journal::parse_filter(doc, extra, problem);
  if (filter) matcher = journal::FilterMatcher::create(std::move(*filter), problem);
  if (!matcher) return error(400, problem, "invalid_params");
  return std::nullopt;
}

Reply entries_reply(const std::vector<journal::EntryPtr>& entries, const journal::Journal* meta) {
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  w.StartObject();
  json::write_string(w, "requests");
  w.StartArray();
  for (const auto& e : entries) journal::write_entry(w, *e);
  w.EndArray();
  if (meta) {
    json::write_string(w, "meta");
    w.StartObject();
    json::write_string(w, "total");
    w.Uint64(meta->size());
    json::write_string(w, "dropped");
    w.Uint64(meta->dropped());
    w.EndObject();
  }
  w.EndObject();
  return {200, {buffer.GetString(), buffer.GetSize()}};
}

}  // namespace drivemock::admin
