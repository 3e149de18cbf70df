#pragma once
// The journal entry's JSON shape (docs/admin-api.md), shared by the admin API and the
// journal file so that both always say the same.

#include <string>

#include "model/entry.h"
#include "util/clock.h"
#include "util/json.h"

namespace drivemock::journal {

/// Writes one entry as a JSON object.
void write_entry(json::Writer& w, const Entry& entry);
/// A session as entries and events show it: {"id","name"}, or null.
void write_session(json::Writer& w, const SessionTag* session);

/// One entry as compact JSON text.
std::string entry_to_json(const Entry& entry);

}  // namespace drivemock::journal
