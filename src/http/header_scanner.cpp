#include "http/header_scanner.h"

namespace drivemock {

std::optional<Refusal> refusal_for(HeadStatus status, const HeadLimits& limits,
                                   const Envelope& envelope) {
  const std::string line = std::to_string(limits.max_line) + " bytes";
  switch (status) {
    case HeadStatus::uri_too_long:
      return make_refusal(envelope, {414, "uri_too_long", "request_line_too_long"},
                          "The request line is longer than " + line);
    case HeadStatus::header_too_large:
      return make_refusal(envelope, {431, "header_too_large", "header_too_long"},
                          "A header line is longer than " + line);
    case HeadStatus::too_many_headers:
      return make_refusal(
          envelope, {431, "too_many_headers", "too_many_headers"},
          "The request has more than " + std::to_string(limits.max_headers) + " headers");
    case HeadStatus::nul_byte:
      return make_refusal(envelope, {400, "bad_request", "nul_in_head"},
                          "The request head has a NUL byte; HTTP allows none");
    case HeadStatus::reading:
    case HeadStatus::complete: return std::nullopt;
  }
  return std::nullopt;
}

void HeaderScanner::reset() {
  status_ = HeadStatus::reading;
  line_length_ = 0;
  lines_ = 0;
}

}  // namespace drivemock
