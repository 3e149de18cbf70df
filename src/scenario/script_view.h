#pragma once
// What a directory is scripted to do, as the dashboard's directory view
// shows it (issue 76): per operation, the rules of the uuid's own script,
// each with its file and line, what it needs, and the answer of a sequence
// that comes next, from the uuid's positions.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "scenario/catalog.h"
#include "util/name.h"

namespace drivemock::scenario {

/// One rule that scripts a directory's operation.
struct RuleView {
  int rule = 0;  ///< 1-based, as the journal's matched.rule
  std::string set;
  Name file;
  int line = 0;
  std::optional<std::string> when_state;
  std::vector<FieldCondition> when_fields;
  size_t answers = 0;
  /// The answer a sequence gives next, 1-based; none for a one_of (drawn).
  std::optional<size_t> next;
  std::optional<std::string> then;
  bool cycle = false;
};

/// operation → its rules, for `entry` whose sequences have given
/// `positions` (operation → per rule, as the engine keeps them) so far.
std::map<std::string, std::vector<RuleView>> script_views(
    const DirectoryEntry& entry, const std::map<std::string, std::vector<uint64_t>>& positions);

}  // namespace drivemock::scenario
