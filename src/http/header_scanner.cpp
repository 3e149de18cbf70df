#include "http/header_scanner.h"

namespace drivemock {

void HeaderScanner::reset() {
  status_ = HeadStatus::reading;
  line_length_ = 0;
  lines_ = 0;
}

HeadStatus HeaderScanner::feed(char byte) {
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
