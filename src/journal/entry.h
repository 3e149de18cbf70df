#pragma once
// One journaled request: what the client sent, how drivemock classified it,
// and what it answered. Plain data; serialised by entry_json.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "contract/field_checks.h"
#include "http/request_view.h"
#include "scenario/engine.h"

namespace drivemock::journal {

/// What drivemock answered (or how it failed to, for faults).
struct ResponseRecord {
  int status = 0;
  std::string body;
  scenario::Fault fault = scenario::Fault::none;
  bool proxied = false;
};

struct Entry {
  uint64_t id = 0;  ///< assigned by the journal, rising from 1
  std::chrono::system_clock::time_point logged;
  RequestView request;  ///< secrets already redacted
  std::optional<std::string> operation;
  std::optional<std::string> uuid;
  std::optional<scenario::Matched> matched;
  bool named = false;  ///< the uuid is named by a scenario
  ResponseRecord response;
  std::vector<contract::Violation> violations;
  int64_t total_micros = 0;
};

}  // namespace drivemock::journal
