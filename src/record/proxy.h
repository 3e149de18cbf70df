#pragma once
// The proxy half of recording, as pure functions: the reply a client gets for
// a proxied request, and what of the call the recording keeps.

#include <optional>
#include <string>

#include "mock/mock_service.h"
#include "record/recording_yaml.h"
#include "record/upstream.h"

namespace drivemock::record {

/// The upstream's answer unchanged, or 502 upstream_unreachable saying why.
mock::Reply proxied_reply(const UpstreamAnswer& answer, const std::string& target);

/// The call as the recording keeps it; nullopt when it cannot be replayed
/// (unreachable upstream, unknown path, no usable uuid).
std::optional<Capture> capture_of(const mock::Inspection& inspection, const UpstreamAnswer& answer);

}  // namespace drivemock::record
