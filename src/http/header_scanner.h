#pragma once
// Watches the bytes of a request head (request line and header lines) as the
// HTTP library consumes them, and says when they break a limit. cpp-httplib
// 0.11 grows a line without bound and counts no headers; this is what lets
// drivemock answer 414 and 431 before a client can make it buffer megabytes.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "http/refusal.h"

namespace drivemock {

struct HeadLimits {
  size_t max_line = 8192;    ///< bytes in the request line or one header line
  size_t max_headers = 100;  ///< header lines
};

/// What the head looks like so far.
enum class HeadStatus {
  reading,           ///< within the limits, not complete yet
  complete,          ///< the empty line that ends the head was seen
  uri_too_long,      ///< request line over max_line: 414
  header_too_large,  ///< a header line over max_line: 431
  too_many_headers,  ///< more than max_headers lines: 431
  nul_byte,          ///< a NUL byte, which RFC 9110 forbids in a head: 400
};

/// The refusal for a head over a limit; nullopt while reading or complete.
std::optional<Refusal> refusal_for(HeadStatus status, const HeadLimits& limits,
                                   const Envelope& envelope);

class HeaderScanner {
 public:
  explicit HeaderScanner(HeadLimits limits = {}) : limits_(limits) {}

  /// Starts on a new request head.
  void reset();
  /// Takes the next byte; returns the status after it. Once complete or over
  /// a limit, the status stays.
  HeadStatus feed(char byte);
  /// Takes bytes as feed(byte) would, one after another, until the status
  /// changes; returns how many it took (the one that changed it included).
  /// A line at a time, for a buffer's worth of head.
  size_t feed(std::string_view bytes);
  HeadStatus status() const { return status_; }
  /// Still on the request line (no line end seen yet).
  bool in_request_line() const { return lines_ == 0; }

 private:
  HeadLimits limits_;
  HeadStatus status_ = HeadStatus::reading;
  size_t line_length_ = 0;  ///< bytes of the current line, CR and LF excluded
  size_t lines_ = 0;        ///< lines ended so far, the request line included
};

inline HeadStatus HeaderScanner::feed(char byte) {
  if (status_ != HeadStatus::reading) return status_;
  if (byte == '\0') return status_ = HeadStatus::nul_byte;
  if (byte == '\r') return status_;
  if (byte == '\n') {
    if (line_length_ == 0 && lines_ > 0) return status_ = HeadStatus::complete;
    if (lines_ > limits_.max_headers) return status_ = HeadStatus::too_many_headers;
    ++lines_;
    line_length_ = 0;
    return status_;
  }
  if (++line_length_ > limits_.max_line) {
    status_ = lines_ == 0 ? HeadStatus::uri_too_long : HeadStatus::header_too_large;
  }
  return status_;
}

}  // namespace drivemock
