#pragma once
// Pact in: a Pact v2/v3/v4 file read as a scenario set, as pact-stub-server
// serves one. Each HTTP interaction's request answers with its response:
// under its key's value (the uuid) as a rule whose `when` is the request's
// other body fields and its provider state; paths drivemock has no
// operation for become operations as data. The pact is turned into
// scenario text that the scenario grammar reads as any file, and the
// positions of what that reading finds are mapped back into the pact.

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "contract/operations.h"
#include "util/yaml_reader.h"

namespace drivemock::interchange {

/// True for a document that is a pact: `interactions` and no `directories`.
bool looks_like_pact(const YAML::Node& root);

/// The scenario a pact reads as.
struct PactScenario {
  std::string text;  ///< scenario text (JSON), one rule per line
  /// For each line of `text` (from 0), the 1-based line and column in the
  /// pact of what it came from.
  std::vector<std::pair<int, int>> positions;
};

/// The scenario of the pact `root`, read by `in` (warnings: what drivemock
/// serves otherwise than the pact says, and what it leaves out). Paths of
/// `known` operations are theirs; others under /v3/ become operations.
/// Nothing (an error) when the pact cannot be read at all.
std::optional<PactScenario> pact_scenario(const YAML::Node& root, YamlReader& in,
                                          const contract::OperationSet& known);

}  // namespace drivemock::interchange
