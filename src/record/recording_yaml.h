#pragma once
// Turns captured calls into a scenario file that replays them: per uuid and
// operation the answers in order as a sequence, split into rules with `when`
// on the body fields (color) where the calls on one uuid differed in them.
// Bodies are written as YAML mappings where that reads back byte for byte,
// and as `raw` strings otherwise, so replay always sends the same bytes.

#include <chrono>
#include <string>
#include <vector>

#include "contract/operations.h"

namespace drivemock::record {

/// A contract body field of a captured call, other than its key.
struct CapturedField {
  std::string name;
  std::string json;  ///< its value as JSON text, for grouping
  std::string text;  ///< its value as a `when` scalar (strings unquoted)
};

/// One proxied call with a known operation and uuid, and its answer.
struct Capture {
  std::string operation;
  std::string uuid;  ///< the key field's value
  std::vector<CapturedField> fields;
  int status = 200;
  std::string body;
  std::string content_type;  ///< empty or application/json: not written
};

struct Recording {
  std::string target;
  std::chrono::system_clock::time_point started;
  std::vector<Capture> captures;
  /// The operations scenarios added that captures use, in first-use order:
  /// the file defines them, so it replays on its own.
  std::vector<contract::Operation> operations;
};

/// The scenario set's name: "recording-20261122T091438Z".
std::string recording_name(std::chrono::system_clock::time_point time);

/// The scenario file's text.
std::string recording_yaml(const Recording& recording, const std::string& name);

}  // namespace drivemock::record
