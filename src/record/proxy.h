#pragma once
// The decide stage while recording: the request goes to the upstream, whose
// answer is the reply, and what of the call can be replayed is captured. The
// reply and the capture are pure functions of the upstream's answer.

#include <optional>
#include <string>

#include "contract/classify.h"
#include "model/reply.h"
#include "record/recorder.h"
#include "record/recording_yaml.h"
#include "record/upstream.h"

namespace drivemock::record {

/// Forwards `request` to `target`, captures the call into `recorder` when it
/// can be replayed, and returns the reply for the client (a 502 in the
/// envelope's dialect when the upstream does not answer).
Reply forward(Upstream& upstream, const std::string& target, const RequestView& request,
              const contract::Classified& classified, Recorder& recorder, const Envelope& envelope);

/// The upstream's answer unchanged, or 502 upstream_unreachable saying why.
Reply proxied_reply(const UpstreamAnswer& answer, const std::string& target,
                    const Envelope& envelope);

/// The call as the recording keeps it; nullopt when it cannot be replayed
/// (unreachable upstream, unknown path, no usable uuid).
std::optional<Capture> capture_of(const contract::Classified& classified,
                                  const UpstreamAnswer& answer);

}  // namespace drivemock::record
