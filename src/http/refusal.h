#pragma once
// Requests drivemock answers before any handler runs: a head over a limit, a
// request that did not arrive in time, one the HTTP library could not parse,
// or one whose client went away half-way. They are answered with the JSON
// error envelope and journaled like every other request, with the violation
// rule that says why, so a test can see them.

#include <chrono>
#include <functional>
#include <string>

#include "http/request_view.h"

namespace drivemock {

/// The answer to a refused request, and why it was refused.
struct Refusal {
  int status;
  const char* reason;  ///< the status line's reason phrase
  const char* code;    ///< the JSON envelope's code
  const char* rule;    ///< the journal violation's rule
  std::string message;
};

/// A refused request as far as it was read.
struct RefusedRequest {
  RequestView request;  ///< method and url only when the request line was read whole
  Refusal refusal;
  std::string answer;  ///< the JSON body sent (or attempted, when the client is gone)
  std::chrono::steady_clock::time_point started;  ///< when its first byte arrived
};

/// Told of every refused request before its answer is written.
using RefusalListener = std::function<void(const RefusedRequest&)>;

/// The JSON error envelope a refusal answers with.
std::string answer_body(const Refusal& refusal);

/// The refusal for a request the HTTP library answered with `status` by
/// itself (it could not parse it), or for one whose client closed the
/// connection before it was whole.
Refusal library_refusal(int status, std::string_view method, bool client_gone);

/// Method and url from the bytes of a request line (`line` without its line
/// end, `complete` when the line end was seen); empty where not read whole.
void parse_request_line(std::string_view line, bool complete, RequestView& into);

}  // namespace drivemock
