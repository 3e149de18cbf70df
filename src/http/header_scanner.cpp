#include "http/header_scanner.h"

#include <algorithm>

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

size_t HeaderScanner::feed(std::string_view bytes) {
  size_t at = 0;
  while (at < bytes.size() && status_ == HeadStatus::reading) {
    size_t line_end = std::min(bytes.find('\n', at), bytes.size());
    std::string_view run = bytes.substr(at, line_end - at);
    // A run with no NUL that keeps its line within the limit, even counting
    // its CRs, only grows the line; any other is taken a byte at a time, so
    // that the first byte to break a rule is the one that says how.
    if (line_length_ + run.size() <= limits_.max_line && run.find('\0') == std::string_view::npos) {
      if (line_end == bytes.size()) {  // the line goes on: its length matters
        line_length_ += run.size() - static_cast<size_t>(std::count(run.begin(), run.end(), '\r'));
      } else if (run.find_first_not_of('\r') != std::string_view::npos) {
        ++line_length_;  // it ends here: only whether it is empty matters (CRs do not count)
      }
      at = line_end;
    } else {
      for (char byte : run) {
        ++at;
        if (feed(byte) != HeadStatus::reading) return at;
      }
    }
    if (at < bytes.size()) feed(bytes[at++]);  // the line's end
  }
  return at;
}

void HeaderScanner::reset() {
  status_ = HeadStatus::reading;
  line_length_ = 0;
  lines_ = 0;
}

}  // namespace drivemock
