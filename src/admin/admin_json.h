#pragma once
// JSON plumbing shared by the admin handlers: reading a request's JSON
// object body, and writing lists of journal entries (and their times and
// session tags, journal/entry_json.h).

#include <rapidjson/document.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "admin/admin_context.h"
#include "journal/entry_json.h"
#include "journal/filter.h"
#include "journal/journal.h"
#include "util/json.h"

namespace drivemock::admin {

/// The request body as a JSON object, or the 400 reply saying why it is not one.
Result<rapidjson::Document, Reply> parse_object_body(const RequestView& request);

/// The filter in a request's JSON object (with `extra` keys allowed), or the 400 reply.
Result<journal::FilterMatcher, Reply> read_filter(const rapidjson::Document& doc,
                                                  const std::vector<std::string>& extra);

/// A JSON object answer whose members `members(w)` writes.
template <class Members>
Reply object_reply(int status, Members&& members) {
  return json_reply(status, json::object_text(std::forward<Members>(members)));
}

/// `{"requests":[…]}` with the entries in the given order, plus `meta` when
/// `with_meta` (total kept and dropped).
Reply entries_reply(const std::vector<EntryPtr>& entries, const journal::Journal* meta);

}  // namespace drivemock::admin
