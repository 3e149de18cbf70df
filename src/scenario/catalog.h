#pragma once
// The loaded scenario sets merged into one read-only index: the operations in
// force (built-in and added), per uuid and operation the rules to use, plus
// defaults, built-in answers and the policy for unknown uuids. A catalog is immutable once built;
// the engine swaps in a new one on reload, so requests in flight keep the one they started with.

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "scenario/model.h"
#include "util/diagnostic.h"

namespace drivemock::scenario {

/// The rules one set gives for one uuid and operation.
struct ScriptedOperation {
  std::string scenario;  ///< name of the set that gave them
  std::vector<Rule> rules;
};

/// Everything the catalog knows about one uuid.
struct DirectoryEntry {
  std::string initial_state;
  std::map<std::string, ScriptedOperation> operations;
};

struct Catalog {
  /// The contract's operations and those the sets add; routing reads these.
  std::shared_ptr<const contract::OperationSet> operations;
  std::unordered_map<std::string, DirectoryEntry> directories;
  /// operation → the rules of `defaults:` for any uuid no script serves
  std::map<std::string, ScriptedOperation> defaults;
  std::map<std::string, Reply> builtin;  ///< operation → its built-in answer
  UnknownUuids unknown_uuids = UnknownUuids::accept;
  Reply reject_answer;  ///< folder_not_found, for rejected unknown uuids

  const DirectoryEntry* find(const std::string& uuid) const;
};

/// A catalog of no sets: built-in answers only.
std::shared_ptr<const Catalog> empty_catalog(const Envelope& envelope = Envelope());

/// Merges sets into a catalog; no catalog, and errors, when two sets share a
/// name, define the same operation or path, script an operation that no set
/// in force defines, or give the same uuid and operation (or default). A set
/// that says `unknown_uuids: reject` makes the whole catalog reject.
/// Built-in answers are in the envelope's dialect.
Checked<std::shared_ptr<const Catalog>> build_catalog(const std::vector<ScenarioSet>& sets,
                                                      const Envelope& envelope = Envelope());

}  // namespace drivemock::scenario
