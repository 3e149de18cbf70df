#pragma once
// The body-size rule (--max-body), applied in one place by the HTTP layer: a
// body whose Content-Length announces more is refused unread (the connection
// then closes, since its bytes would follow the answer); a chunked body read
// larger is refused with what was read kept up to the limit. Either way the
// request is answered 413 payload_too_large and journaled as refused.

#include <cstddef>
#include <optional>
#include <string_view>

#include "http/refusal.h"

namespace drivemock {

/// The size a Content-Length value announces when it is larger than
/// `max_body` (SIZE_MAX for a number too big to read), else nullopt.
std::optional<size_t> announced_too_large(std::string_view content_length, size_t max_body);

/// The refusal of a body of `size` bytes; cuts `request.body` to `max_body`
/// bytes, which is what the journal keeps of it.
Refusal too_large(size_t size, size_t max_body, RequestView& request, const Envelope& envelope);

}  // namespace drivemock
