#pragma once
// Requests drivemock answers before any handler runs: a head over a limit, a
// body over --max-body, a request that did not arrive in time, one the HTTP
// library could not parse, or one whose client went away half-way. They are
// answered with the JSON error envelope and journaled like every other
// request, with the violation rule that says why, so a test can see them.

#include <chrono>
#include <functional>
#include <string>
#include <string_view>

#include "model/entry.h"
#include "model/reply.h"
#include "model/request.h"

namespace drivemock {

/// Why a request was refused (the violation journaled) and what it is
/// answered (the error envelope, closing the connection).
struct Refusal {
  Violation violation;
  Reply reply;
};

/// What is refused, as the client and the journal are told.
struct RefusalKind {
  int status;
  std::string_view code;  ///< the envelope's code (in its dialect)
  std::string_view rule;  ///< the journal's violation
};

/// A refusal of `kind`, with one `message` for the client and the journal.
Refusal make_refusal(const Envelope& envelope, RefusalKind kind, std::string message);

/// The status line's reason phrase for a refusal's status.
const char* reason_phrase(int status);

/// A refusal's answer as it goes on the wire where the HTTP library never
/// saw the request: status line, JSON type and length, `Connection: close`.
std::string closing_answer(const Reply& reply);

/// A refused request as far as it was read.
struct RefusedRequest {
  RequestView request;  ///< method and url only when the request line was read whole
  Refusal refusal;
  std::chrono::steady_clock::time_point started;  ///< when its first byte arrived
};

/// Told of every refused request before its answer is written.
using RefusalListener = std::function<void(const RefusedRequest&)>;

/// The refusal for a request the HTTP library answered with `status` by
/// itself (it could not parse it), or for one whose client closed the
/// connection before it was whole.
enum class ClientState { connected, gone };
Refusal library_refusal(int status, std::string_view method, ClientState client,
                        const Envelope& envelope);

/// Method and url from the bytes of a request line (`line` without its line
/// end, `complete` when the line end was seen); empty where not read whole.
enum class LineState { partial, complete };
void parse_request_line(std::string_view line, LineState state, RequestView& into);

}  // namespace drivemock
