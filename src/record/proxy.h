#pragma once
// The decide stage while recording: the request goes to the upstream, whose
// answer is the reply, and the call is captured, or, when it cannot be
// replayed, listed with why and journaled as such. The reply and the
// capture are pure functions of the request and the upstream's answer.

#include <optional>
#include <string>

#include "contract/classify.h"
#include "model/entry.h"
#include "model/reply.h"
#include "record/capture.h"
#include "record/recorder.h"
#include "record/upstream.h"
#include "util/result.h"

namespace drivemock::record {

/// Where a recording sends calls and keeps what it learns of them.
struct ProxyRoute {
  Upstream& upstream;
  const std::string& target;  ///< the upstream's base URL
  Recorder& recorder;
  const Envelope& envelope;                          ///< for drivemock's own 502
  const Redaction& redaction = default_redaction();  ///< what a capture keeps of secret headers
};

/// Forwards `request` (routed among `in_force`) along `route` and captures
/// the call into its recorder; a call that cannot be captured is listed there
/// and gets a `not_recorded` violation in `classified`, for its journal
/// entry. Returns the reply for the client (a 502 in the envelope's dialect
/// when the upstream does not answer).
Reply forward(const ProxyRoute& route, const RequestView& request, contract::Classified& classified,
              const contract::OperationSet& in_force);

/// The upstream's answer unchanged, or 502 upstream_unreachable saying why.
Reply proxied_reply(const UpstreamAnswer& answer, const std::string& target,
                    const Envelope& envelope);

/// The call as the recording keeps it (unnamed, for learning, when no
/// operation defines its path), or why it cannot be replayed: the upstream
/// did not answer, the method is not POST, the body is not a JSON object,
/// or the body lacks the operation's key.
Result<Capture, std::string> capture_of(const RequestView& request,
                                        const contract::Classified& classified,
                                        const UpstreamAnswer& answer,
                                        const Redaction& redaction = default_redaction());

/// The answer's headers a replay gives back: those a client acts on
/// (Retry-After, the service's own), without Content-Type (kept apart),
/// the date and what describes the upstream's server or connection (Date,
/// Server, Via, Alt-Svc, Strict-Transport-Security, NEL, Report-To) and the
/// browser-safety headers drivemock sets itself (Content-Security-Policy,
/// X-Content-Type-Options), secrets
/// as "***". Hop-by-hop and CORS headers never reach here (record/upstream).
std::vector<Header> replayed_headers(const Reply& answer, const Redaction& redaction);

}  // namespace drivemock::record
