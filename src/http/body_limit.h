#pragma once
// The body rules, applied in one place by the HTTP layer, so that no request
// makes drivemock hold more than a small multiple of --max-body:
// - a body whose Content-Length announces more than --max-body is refused
//   unread (the connection then closes, since its bytes would follow);
// - a body of any other framing (chunked, or read until the client closes)
//   is read no further than body_read_limit() bytes as sent, and refused if
//   more would follow or if what it decodes to is over --max-body; the
//   journal keeps it up to --max-body;
// - a body with a Content-Encoding is refused before it is read (415): the
//   HTTP library would inflate it whole before any limit applied (1.6 KB of
//   brotli is 1 GiB), and the service's clients never compress a request.
// Refused requests are answered in the envelope and journaled as refused.

#include <cstddef>
#include <optional>
#include <string_view>

#include "http/refusal.h"

namespace drivemock {

/// The size a Content-Length value announces when it is larger than
/// `max_body` (SIZE_MAX for a number too big to read), else nullopt.
std::optional<size_t> announced_too_large(std::string_view content_length, size_t max_body);

/// The most bytes of a body read from the connection, its chunked framing
/// included: --max-body and an allowance for the framing (an eighth, and
/// 4 KiB), so a body under the limit sent in chunks of 64 bytes or more is
/// read whole.
size_t body_read_limit(size_t max_body);

/// The refusal of a body of `size` bytes; cuts `request.body` to `max_body`
/// bytes, which is what the journal keeps of it.
Refusal too_large(size_t size, size_t max_body, RequestView& request, const Envelope& envelope);

/// The refusal of a body whose reading stopped at body_read_limit() bytes
/// as sent; cuts `request.body` as too_large() does.
Refusal cut_off(size_t max_body, RequestView& request, const Envelope& envelope);

/// Whether a Content-Encoding value asks for a body to be decoded: any
/// value but none, empty or `identity`.
bool is_encoded(std::string_view content_encoding);

/// The refusal of a body sent with `Content-Encoding: <content_encoding>`.
Refusal encoded_body(std::string_view content_encoding, const Envelope& envelope);

}  // namespace drivemock
