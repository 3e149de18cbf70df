#include "http/body_limit.h"

#include <charconv>
#include <cstdint>
#include <string>

#include "util/text.h"

namespace drivemock {
namespace {

// A refusal quotes at most this much of the value it refuses.
constexpr size_t kQuoted = 64;

/// The 413 saying `message`; cuts `request.body` to `max_body` bytes, which
/// is what the journal keeps of it, and says so to the journal alone.
Refusal body_refusal(std::string message, size_t max_body, RequestView& request,
                     const Envelope& envelope) {
  if (request.body.size() > max_body) request.body.resize(max_body);
  Refusal refusal =
      make_refusal(envelope, {413, "payload_too_large", "body_too_large"}, std::move(message));
  refusal.violation.message +=
      "; the journal keeps " + std::to_string(request.body.size()) + " bytes of it";
  return refusal;
}

}  // namespace

std::optional<size_t> announced_too_large(std::string_view content_length, size_t max_body) {
  size_t announced = 0;
  auto [end, ec] = std::from_chars(content_length.data(),
                                   content_length.data() + content_length.size(), announced);
  if (ec == std::errc::result_out_of_range) return SIZE_MAX;
  if (ec == std::errc() && announced > max_body) return announced;
  return std::nullopt;
}

size_t body_read_limit(size_t max_body) {
  size_t allowance = max_body / 8 + 4096;
  return max_body > SIZE_MAX - allowance ? SIZE_MAX : max_body + allowance;
}

Refusal too_large(size_t size, size_t max_body, RequestView& request, const Envelope& envelope) {
  return body_refusal("The request body is " + std::to_string(size) + " bytes; the limit is " +
                          std::to_string(max_body) + " bytes (--max-body)",
                      max_body, request, envelope);
}

Refusal cut_off(size_t max_body, RequestView& request, const Envelope& envelope) {
  return body_refusal("The request body was not read past " +
                          std::to_string(body_read_limit(max_body)) +
                          " bytes as sent (its chunked framing included); the limit is " +
                          std::to_string(max_body) + " bytes (--max-body)",
                      max_body, request, envelope);
}

bool is_encoded(std::string_view content_encoding) {
  std::string_view value = trimmed(content_encoding, " \t");
  return !value.empty() && !iequals(value, "identity");
}

Refusal encoded_body(std::string_view content_encoding, const Envelope& envelope) {
  return make_refusal(envelope, {415, "unsupported_encoding", "unsupported_encoding"},
                      "Content-Encoding: " + shortened(trimmed(content_encoding, " \t"), kQuoted) +
                          " is not accepted: drivemock reads request bodies as sent "
                          "(uncompressed), as the service's clients send them");
}

}  // namespace drivemock
