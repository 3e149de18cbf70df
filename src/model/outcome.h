#pragma once
// Whether an answer is a success, as the clients read one: the one
// predicate the engine (state moves only on a success), the journal's
// entries, the run report, the dashboard (through the entries), recordings
// and drift all use.
//
// A success is an answer with no fault, an HTTP status of 2xx, and a body
// whose envelope does not say error. The envelope says error with `status`
// false (the service dialect: the live service answers its errors with
// HTTP 200 and the official SDK reads only `status: false` as one) or
// "error" (the API document's dialect). A body that is not a JSON object, or
// has no `status`, says nothing: the HTTP status decides.

#include <string_view>

#include "model/reply.h"

namespace drivemock {

/// Whether `body`'s envelope says error: `status` false or "error".
bool envelope_says_error(std::string_view body);

/// Reads `reply`'s body once into reply.envelope, so that succeeded() need
/// not parse it on every call: for answers kept and sent many times (a
/// scenario's, a built-in one).
void read_envelope(Reply& reply);

/// The predicate itself, from its parts.
bool succeeded(int status, Fault fault, std::string_view body);

/// The predicate for a reply: its envelope as read_envelope noted it, else
/// read now.
bool succeeded(const Reply& reply);

}  // namespace drivemock
