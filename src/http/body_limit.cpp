#include "http/body_limit.h"

#include <charconv>
#include <cstdint>
#include <string>

namespace drivemock {

std::optional<size_t> announced_too_large(std::string_view content_length, size_t max_body) {
  size_t announced = 0;
  auto [end, ec] = std::from_chars(content_length.data(),
                                   content_length.data() + content_length.size(), announced);
  if (ec == std::errc::result_out_of_range) return SIZE_MAX;
  if (ec == std::errc() && announced > max_body) return announced;
  return std::nullopt;
}

Refusal too_large(size_t size, size_t max_body, RequestView& request, const Envelope& envelope) {
  std::string message = "The request body is " + std::to_string(size) + " bytes; the limit is " +
                        std::to_string(max_body) + " bytes (--max-body)";
  if (request.body.size() > max_body) request.body.resize(max_body);
  Refusal refusal = make_refusal(envelope, {413, "payload_too_large", "body_too_large"}, message);
  // The journal says how much of the body it keeps; the client is not told.
  refusal.violation.message +=
      "; the journal keeps " + std::to_string(request.body.size()) + " bytes of it";
  return refusal;
}

}  // namespace drivemock
