#pragma once
// Reads scenario files (YAML, or JSON, which YAML reads too) into the model.
// Every problem becomes a positioned Diagnostic instead of an exception, and
// parsing goes on after an error so that one run reports them all.

#include <yaml-cpp/node/node.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/error_envelope.h"
#include "scenario/model.h"
#include "util/diagnostic.h"

namespace drivemock::scenario {

/// Parses one document. `file` names it in diagnostics and is the set's
/// source; `default_name` is used when the document has no `name`. No set
/// when the document has errors.
/// Answer bodies are checked against the envelope of `dialect` (warnings).
/// Scripts may name the document's own operations and those of `known` (the
/// built-in ones when null).
Checked<ScenarioSet> parse_scenario(std::string_view text, const std::string& file,
                                    const std::string& default_name,
                                    Dialect dialect = Dialect::document,
                                    const contract::OperationSet* known = nullptr);

/// The same on a document yaml-cpp has parsed already, on the calling thread:
/// drivemock's own part of a load alone (bench_load_phases times the two
/// parts apart).
Checked<ScenarioSet> read_scenario(const YAML::Node& root, const std::string& file,
                                   const std::string& default_name,
                                   Dialect dialect = Dialect::document,
                                   const contract::OperationSet* known = nullptr);

/// Loads files and directories (their *.yaml and *.yml files, in name order).
/// Always a list: sets with errors are left out of it, and say why. A file's
/// scripts may name operations any file of the load adds.
Checked<std::vector<ScenarioSet>> load_scenario_paths(
    const std::vector<std::string>& paths, Dialect dialect = Dialect::document,
    const contract::OperationSet* known = nullptr);

/// Loads files and directories, then inline texts (sets named and sourced
/// "inline-N" in diagnostics, listed with source "inline"), as one load:
/// any of them may script an operation another one adds.
Checked<std::vector<ScenarioSet>> load_scenarios(const std::vector<std::string>& paths,
                                                 const std::vector<std::string>& texts,
                                                 Dialect dialect = Dialect::document,
                                                 const contract::OperationSet* known = nullptr);

}  // namespace drivemock::scenario
