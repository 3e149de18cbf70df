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

}  // namespace drivemock::admin
