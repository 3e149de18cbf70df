#include <charconv>

#include "admin/handlers.h"
#include "journal/entry_json.h"

namespace drivemock::admin {
namespace {

/// The journal query of GET /__admin/requests.
struct ListQuery {
  size_t limit = SIZE_MAX;
  std::string since;  ///< ISO-8601 UTC; entries logged at or after it
  const std::string* uuid = nullptr;
  const std::string* operation = nullptr;
};

bool selected(const journal::Entry& e, const ListQuery& q) {
  if (q.uuid && e.uuid != *q.uuid) return false;
  if (q.operation && e.operation != *q.operation) return false;
  return q.since.empty() || journal::format_utc_millis(e.logged) >= q.since;
}

std::optional<ListQuery> parse_query(const RequestView& request, std::string& problem) {
  ListQuery q;
  if (const std::string* limit = request.query_param("limit")) {
    const char* end = limit->data() + limit->size();
    auto [p, ec] = std::from_chars(limit->data(), end, q.limit);
    if (ec != std::errc() || p != end) {
      problem = "Query parameter limit is '" + *limit + "'; expected a whole number";
      return std::nullopt;
    }
  }
  if (const std::string* since = request.query_param("since")) q.since = *since;
  q.uuid = request.query_param("uuid");
  q.operation = request.query_param("operation");
  return q;
}

}  // namespace

Reply handle_list_requests(const RequestView& request, Context& context, const std::smatch&) {
  std::string problem;
  auto query = parse_query(request, problem);
  if (!query) return error(400, problem, "invalid_params");
  auto entries = context.journal.entries();
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  w.StartObject();
  json::write_string(w, "requests");
  w.StartArray();
  size_t written = 0;
  for (auto it = entries.rbegin(); it != entries.rend() && written < query->limit; ++it) {
    if (!selected(**it, *query)) continue;
    journal::write_entry(w, **it);
    ++written;
  }
  w.EndArray();
  json::write_string(w, "meta");
  w.StartObject();
  json::write_string(w, "total");
  w.Uint64(entries.size());
  json::write_string(w, "dropped");
  w.Uint64(context.journal.dropped());
  w.EndObject();
  w.EndObject();
  return {200, {buffer.GetString(), buffer.GetSize()}};
}

}  // namespace drivemock::admin
