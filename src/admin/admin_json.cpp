#include "admin/admin_json.h"

#include <rapidjson/error/en.h>

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
  const std::string& body = request.body.empty() ? std::string("{}") : request.body;
  doc.Parse<rapidjson::kParseIterativeFlag>(body.data(), body.size());
  if (doc.HasParseError()) {
    return error(400,
                 std::string("The body is not valid JSON: ") +
                     rapidjson::GetParseError_En(doc.GetParseError()) + " (at byte offset " +
                     std::to_string(doc.GetErrorOffset()) + ")",
                 "invalid_params");
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
