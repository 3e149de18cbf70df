#pragma once
// The scenario model: what a scenario file says, as plain data. The loader
// builds it from YAML, the catalog indexes it, the engine answers from it.
// Answers are stored ready to send (bodies already serialised to JSON).

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "http/request_view.h"

namespace drivemock::scenario {

/// How an answer misbehaves at the connection level instead of answering.
enum class Fault { none, reset, empty, malformed, hang };

/// "reset", "hang", …; "none" for Fault::none.
const char* fault_name(Fault fault);
/// The fault of that name, or nullopt.
std::optional<Fault> fault_from_name(std::string_view name);

/// One answer: status, body bytes, headers, delay or fault.
struct Answer {
  int http = 200;
  std::string body;  ///< sent as is: JSON from `body`, or the `raw` string
  std::vector<Header> headers;
  int delay_ms = 0;
  Fault fault = Fault::none;
};

/// One body field a rule requires, with the JSON text it must equal.
struct FieldCondition {
  std::string field;
  std::string expected_json;
};

/// `when`: the state and body fields a rule needs; empty means always.
struct Condition {
  std::optional<std::string> state;
  std::vector<FieldCondition> fields;
};

/// One rule: when it applies, what it answers (a sequence when several), and
/// the state it leaves the directory in after an answer that succeeded (2xx,
/// no fault).
struct Rule {
  Condition when;
  std::vector<Answer> answers;
  bool cycle = false;  ///< loop the sequence instead of repeating its last answer
  std::optional<std::string> then;
};

/// What one file says about one directory uuid.
struct DirectoryScript {
  std::optional<std::string> initial_state;
  std::map<std::string, std::vector<Rule>> operations;  ///< operation name → rules
};

/// Policy for uuids that no scenario names.
enum class UnknownUuids { accept, reject };

/// One scenario file (or pushed document): a named set.
struct ScenarioSet {
  std::string name;
  std::string source;  ///< file path, or "admin" for pushed sets
  UnknownUuids unknown_uuids = UnknownUuids::accept;
  std::map<std::string, Answer> defaults;              ///< operation name → answer
  std::map<std::string, DirectoryScript> directories;  ///< uuid → script
};

}  // namespace drivemock::scenario
