// The verification half of the admin API: reading, counting, finding and
// waiting for journal entries, and emptying the journal.

#include "admin/admin_json.h"
#include "admin/handlers.h"
#include "model/error_envelope.h"
#include "util/json.h"
#include "util/text.h"

namespace drivemock::admin {
namespace {

constexpr long long kDefaultWaitMs = 5000;
constexpr long long kMaxWaitMs = 600000;

/// The query of GET /__admin/requests.
struct ListQuery {
  size_t limit = SIZE_MAX;
  std::string since;  ///< ISO-8601 UTC; entries logged at or after it
  const std::string* uuid = nullptr;
  const std::string* operation = nullptr;
  const std::string* session = nullptr;  ///< a session's id; closed ones' entries too
};

bool in_session(const Entry& e, const std::string* session) {
  return !session || (e.seen().session && e.seen().session->id == *session);
}

bool selected(const Entry& e, const ListQuery& q) {
  if (q.uuid && e.uuid() != *q.uuid) return false;
  if (q.operation && e.seen().operation != *q.operation) return false;
  if (!in_session(e, q.session)) return false;
  return q.since.empty() || format_utc_millis(e.logged) >= q.since;
}

Result<ListQuery, Reply> parse_query(const RequestView& request, const Context& context) {
  ListQuery q;
  if (const std::string* limit = request.query_param("limit")) {
    auto number = whole_number(*limit);
    if (!number) {
      return invalid_params("Query parameter limit is '" + *limit + "'; expected a whole number");
    }
    q.limit = *number;
  }
  if (const std::string* since = request.query_param("since")) q.since = *since;
  q.uuid = request.query_param("uuid");
  q.operation = request.query_param("operation");
  q.session = named_session(context);
  return q;
}

/// Newest first, as the list calls answer.
std::vector<EntryPtr> newest_first(std::vector<EntryPtr> entries) {
  std::reverse(entries.begin(), entries.end());
  return entries;
}

Reply count_reply(int status, size_t count, const std::string& message = "") {
  return object_reply(status, [&](json::Writer& w) {
    if (!message.empty()) write_error_members(w, message, "timeout");
    json::write_count(w, "count", count);
  });
}

Result<long long, Reply> read_whole_number(const rapidjson::Document& doc, const char* key,
                                           long long fallback, long long max) {
  auto it = doc.FindMember(key);
  if (it == doc.MemberEnd()) return fallback;
  if (!it->value.IsInt64() || it->value.GetInt64() < 0 || it->value.GetInt64() > max) {
    return invalid_params(std::string("Field '") + key + "' must be a whole number from 0 to " +
                          std::to_string(max));
  }
  return static_cast<long long>(it->value.GetInt64());
}

}  // namespace

Reply handle_list_requests(const RequestView& request, Context& context, const std::smatch&) {
  auto query = parse_query(request, context);
  if (!query) return query.error();
  if (auto refused = refuse_unknown_session(context)) return *refused;
  std::vector<EntryPtr> out;
  for (auto& e : newest_first(context.control.journal().entries())) {
    if (out.size() >= query->limit) break;
    if (selected(*e, *query)) out.push_back(std::move(e));
  }
  return entries_reply(out, &context.control.journal());
}

Reply handle_get_request(const RequestView&, Context& context, const std::smatch& match) {
  const std::string id_text = match[1];
  auto id = whole_number(id_text);
  auto entry = id ? context.control.journal().entry(*id) : nullptr;
  if (!entry) {
    return error_reply(404, "No journal entry with id '" + id_text + "' (unknown, or dropped)",
                       "not_found");
  }
  return json_reply(200, journal::entry_to_json(*entry));
}

Reply handle_stream_requests(const RequestView& request, Context& context, const std::smatch&) {
  // Where to start: ?since_id= (a page that listed the journal first), else
  // Last-Event-ID (a browser resuming a lost stream), else from now on.
  const uint64_t last = context.control.journal().last_id();
  uint64_t after = last;
  std::string what = "Query parameter since_id";
  const std::string* given = request.query_param("since_id");
  if (!given) {
    given = request.header("Last-Event-ID");
    what = "Header Last-Event-ID";
  }
  if (given) {
    auto id = whole_number(*given);
    if (!id) {
      return invalid_params(what + " is '" + *given + "'; expected a whole number (an entry id)");
    }
    // An id this server never gave (the client saw an earlier run): all
    // that is kept is new to it.
    after = *id > last ? 0 : *id;
  }
  Reply reply;
  reply.add_header("Content-Type", "text/event-stream");
  reply.add_header("Cache-Control", "no-cache");
  reply.events = std::make_shared<journal::JournalEvents>(context.control.journal(), after);
  return reply;
}

Reply handle_count_requests(const RequestView& request, Context& context, const std::smatch&) {
  auto doc = parse_object_body(request);
  if (!doc) return doc.error();
  auto filter = read_filter(*doc, {});
  if (!filter) return filter.error();
  if (auto refused = refuse_unknown_session(*doc, context)) return *refused;
  return count_reply(200, context.control.journal().count(*filter));
}

Reply handle_find_requests(const RequestView& request, Context& context, const std::smatch&) {
  auto doc = parse_object_body(request);
  if (!doc) return doc.error();
  auto filter = read_filter(*doc, {});
  if (!filter) return filter.error();
  if (auto refused = refuse_unknown_session(*doc, context)) return *refused;
  return entries_reply(context.control.journal().find(*filter), nullptr);
}

namespace {

/// The filters of a verify-order body, or the 400 that says which is wrong.
Result<std::vector<journal::FilterMatcher>, Reply> read_order_filters(
    const rapidjson::Document& doc) {
  for (const auto& member : doc.GetObject()) {
    if (std::string_view(member.name.GetString()) != "filters") {
      return invalid_params(
          "Unknown key '" +
          shortened({member.name.GetString(), member.name.GetStringLength()}, 64) +
          "' in the body; expected filters");
    }
  }
  auto filters = doc.FindMember("filters");
  if (filters == doc.MemberEnd() || !filters->value.IsArray() || filters->value.Empty()) {
    return invalid_params(
        R"(The body must be {"filters": [filter, ...]} with at least one filter)");
  }
  std::vector<journal::FilterMatcher> matchers;
  for (rapidjson::SizeType i = 0; i < filters->value.Size(); ++i) {
    const auto& item = filters->value[i];
    std::string where = "filters[" + std::to_string(i) + "]: ";
    if (!item.IsObject()) return invalid_params(where + "expected a filter (a JSON object)");
    auto filter = journal::parse_filter(item, {});
    if (!filter) return invalid_params(where + filter.error().message);
    auto matcher = journal::FilterMatcher::create(std::move(*filter));
    if (!matcher) return invalid_params(where + matcher.error().message);
    matchers.push_back(std::move(matcher).value());
  }
  return matchers;
}

void write_ids(json::Writer& w, std::string_view name, const std::vector<uint64_t>& ids) {
  json::write_string(w, name);
  w.StartArray();
  for (uint64_t id : ids) w.Uint64(id);
  w.EndArray();
}

std::string id_list(const std::vector<uint64_t>& ids) {
  std::string out;
  for (uint64_t id : ids) out += (out.empty() ? "" : ", ") + std::to_string(id);
  return out;
}

/// Why the order does not hold, for a person.
std::string order_message(const journal::OrderCheck& check, size_t filters) {
  std::string message = "Filter " + std::to_string(*check.failed + 1) + " of " +
                        std::to_string(filters) + " matches no request";
  if (check.failed_matches.empty()) return message + " at all";
  // It matches some: all before the previous filter's request.
  return message + " after request " + std::to_string(check.matched.back()) +
         " (it matches request" + (check.failed_matches.size() > 1 ? "s " : " ") +
         id_list(check.failed_matches) + ")";
}

}  // namespace

Reply handle_verify_order(const RequestView& request, Context& context, const std::smatch&) {
  auto doc = parse_object_body(request);
  if (!doc) return doc.error();
  auto filters = read_order_filters(*doc);
  if (!filters) return filters.error();
  for (const auto& filter : (*doc)["filters"].GetArray()) {
    if (auto refused = refuse_unknown_session(filter, context)) return *refused;
  }
  auto check = journal::check_order(context.control.journal().entries(), *filters);
  return object_reply(check.in_order() ? 200 : 409, [&](json::Writer& w) {
    if (!check.in_order()) {
      write_error_members(w, order_message(check, filters->size()), "order_not_met");
      json::write_count(w, "failedFilter", *check.failed);
    }
    write_ids(w, "matched", check.matched);
    if (!check.in_order()) write_ids(w, "failedFilterMatches", check.failed_matches);
  });
}

Reply handle_wait_requests(const RequestView& request, Context& context, const std::smatch&) {
  auto doc = parse_object_body(request);
  if (!doc) return doc.error();
  auto filter = read_filter(*doc, {"count", "timeoutMs"});
  if (!filter) return filter.error();
  if (auto refused = refuse_unknown_session(*doc, context)) return *refused;
  auto count = read_whole_number(*doc, "count", 1, INT32_MAX);
  if (!count) return count.error();
  auto timeout = read_whole_number(*doc, "timeoutMs", kDefaultWaitMs, kMaxWaitMs);
  if (!timeout) return timeout.error();
  long long wanted = *count, timeout_ms = *timeout;
  size_t reached = context.control.journal().wait_for(*filter, static_cast<size_t>(wanted),
                                                      std::chrono::milliseconds(timeout_ms));
  if (reached >= static_cast<size_t>(wanted)) return count_reply(200, reached);
  return count_reply(408, reached,
                     "Waited " + std::to_string(timeout_ms) + " ms for " + std::to_string(wanted) +
                         " matching requests; " + std::to_string(reached) + " arrived");
}

Reply handle_unmatched_requests(const RequestView&, Context& context, const std::smatch&) {
  const std::string* session = named_session(context);
  if (auto refused = refuse_unknown_session(context)) return *refused;
  std::vector<EntryPtr> out;
  for (auto& e : newest_first(context.control.journal().entries())) {
    if (!in_session(*e, session)) continue;
    // No scenario names the uuid (but for the client's housekeeping, whose
    // uuids none can), or none of its rules matched (near misses).
    bool unnamed = !e->seen().named && !e->seen().housekeeping;
    if (unnamed || !e->seen().scripting().near_misses.empty()) out.push_back(std::move(e));
  }
  return entries_reply(out, nullptr);
}

Reply handle_violations(const RequestView&, Context& context, const std::smatch&) {
  const std::string* session = named_session(context);
  if (auto refused = refuse_unknown_session(context)) return *refused;
  std::vector<EntryPtr> out;
  for (auto& e : newest_first(context.control.journal().entries())) {
    if (in_session(*e, session) && !e->seen().violations.empty()) out.push_back(std::move(e));
  }
  return entries_reply(out, nullptr);
}

Reply handle_delete_requests(const RequestView& request, Context& context, const std::smatch&) {
  if (auto refused = refuse_session_param(
          request, context,
          "a session's requests stay in the journal (filter them with ?session=ID)")) {
    return std::move(*refused);
  }
  context.control.clear_journal();
  return success("Journal emptied.");
}

}  // namespace drivemock::admin
