#pragma once
// JSON plumbing shared by the admin handlers: reading a request's JSON
// object body, and writing lists of journal entries.

#include <rapidjson/document.h>

#include <optional>
#include <string>
#include <vector>

#include "admin/admin_context.h"
#include "journal/filter.h"
#include "journal/journal.h"

namespace drivemock::admin {

/// Parses the request body as a JSON object; on failure returns the 400 reply.
std::optional<Reply> parse_object_body(const RequestView& request, rapidjson::Document& doc);

/// Reads a filter body (with extra keys allowed); on failure returns the 400 reply.
std::optional<Reply> read_filter(const RequestView& request, rapidjson::Document& doc,
                                 const std::vector<std::string>& extra,
                                 std::unique_ptr<journal::FilterMatcher>& matcher);

/// `{"requests":[…]}` with the entries in the given order, plus `meta` when
/// `with_meta` (total kept and dropped).
Reply entries_reply(const std::vector<journal::EntryPtr>& entries, const journal::Journal* meta);

}  // namespace drivemock::admin
