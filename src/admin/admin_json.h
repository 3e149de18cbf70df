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
#include "control/last_reload.h"
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

/// `key`: each diagnostic as {severity, file, line, column, message}, what an
/// editor needs to put it at its place (line and column from 1; 0 when unknown).
void write_positioned(json::Writer& w, const char* key, const Diagnostics& diagnostics);

/// `"lastReload"`: null before any, else {cause, at, outcome, problems,
/// stillHidden} (control/last_reload.h).
void write_last_reload(json::Writer& w, const std::optional<control::LastReload>& reload);

/// `key`: each file set a push hides as {set, source, by, scripts}; scripts
/// 0: the push has its name and replaces it whole.
void write_hidden_file_sets(json::Writer& w, const char* key,
                            const std::vector<scenario::HiddenFileSet>& hidden);

/// `{"requests":[…]}` with the entries in the given order, plus `meta` when
/// `with_meta` (total kept and dropped).
Reply entries_reply(const std::vector<EntryPtr>& entries, const journal::Journal* meta);

}  // namespace drivemock::admin
