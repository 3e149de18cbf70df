#pragma once
// The drift check: what hand-written scenarios answer, against what a
// recording shows the service answering, operation by operation. A
// scenario that answers `status: "error"` where the service sends
// `status: false`, lacks a field the service always sends, or gives an HTTP
// status the service never gave has drifted from the service; a code the
// service never sent is worth a look (a note: recordings rarely see every
// error).

#include <map>
#include <string>
#include <vector>

#include "record/scripted_answers.h"

namespace drivemock::record {

enum class DriftLevel { error, note };

/// "error", "note".
const char* level_name(DriftLevel level);

/// One way a scripted answer differs from the service's.
// Every member has an initializer, so that a finding can be written with
// designated initializers naming only what it says.
struct DriftFinding {
  DriftLevel level = DriftLevel::error;
  /// status_unseen, type_differs, field_missing, code_unseen, not_recorded.
  std::string kind{};
  std::string file{};  ///< the scenario answer's position
  int line = 0;
  int column = 0;
  std::string operation{};
  std::string scenario{};  ///< what the scenario says: `status "error" (a string)`
  std::string service{};   ///< what the service said: `a boolean`
  size_t count = 0;        ///< how many of the service's answers said so…
  size_t of = 0;           ///< …of how many
  std::string message{};   ///< the whole finding, for people
};

/// What the service answered for one operation, as a recording shows it.
struct ServiceProfile {
  size_t answers = 0;
  std::map<int, size_t> statuses;
  size_t json_objects = 0;
  /// top-level field → JSON type name → answers that sent it so
  std::map<std::string, std::map<std::string, size_t>> field_types;
  /// HTTP status → answers with it that were JSON objects, and how many of
  /// those sent each top-level field
  std::map<int, size_t> objects_by_status;
  std::map<int, std::map<std::string, size_t>> fields_by_status;
  std::map<std::string, size_t> codes;
};

/// operation → what the service answered for it.
using ServiceProfiles = std::map<std::string, ServiceProfile>;

/// The profiles of a recording's answers.
ServiceProfiles profile_service(const std::vector<ScriptedAnswer>& recorded);

/// Every finding for `scripted` against `service`, in the scripted order.
std::vector<DriftFinding> check_drift(const std::vector<ScriptedAnswer>& scripted,
                                      const ServiceProfiles& service);

/// Findings that say the same (level, kind, operation, message) at other
/// positions: a recording checked against another repeats one finding for
/// every uuid.
struct DriftGroup {
  const DriftFinding* first = nullptr;
  std::vector<const DriftFinding*> more;  ///< in order, without `first`
};

/// The findings grouped, in the order of each group's first.
std::vector<DriftGroup> group_findings(const std::vector<DriftFinding>& findings);

/// "file:line:column: error: message [kind]", one per group of alike
/// findings, with their count and the first few other positions.
std::string drift_text(const std::vector<DriftGroup>& groups);
/// The same, grouping `findings` first.
std::string drift_text(const std::vector<DriftFinding>& findings);
/// {"findings": [...], "errors": n, "notes": n}
std::string drift_json(const std::vector<DriftFinding>& findings);

/// A scenario document to check, and the name its positions use.
struct ScenarioText {
  std::string file;
  std::string text;
};

/// Every finding for `scenarios` against the recording `recording_text`
/// (positions in it named `recording_file`); errors for text that is no YAML.
Checked<std::vector<DriftFinding>> check_drift(std::string_view recording_text,
                                               const std::string& recording_file,
                                               const std::vector<ScenarioText>& scenarios);

/// True when any finding is an error.
bool has_drift_errors(const std::vector<DriftFinding>& findings);

}  // namespace drivemock::record
