#pragma once
// Reads scenario files (YAML, or JSON, which YAML reads too) into the model.
// Every problem becomes a positioned Diagnostic instead of an exception, and
// parsing goes on after an error so that one run reports them all.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "document/diagnostic.h"
#include "model/error_envelope.h"
#include "scenario/model.h"
#include "util/parallel.h"

namespace drivemock::scenario {

/// A document over this size has its directories read an entry at a time
/// (document/yaml_slices.h) whatever its layout, each into a small tree that is
/// freed before the next: read whole, its tree would hold some four times
/// its size at once. Where its lines do not show the
/// entries, finding them costs a pass of yaml-cpp's event parser; when it is
/// the load's one document, its entries are read on every core. A smaller
/// document is sliced only where its lines show the entries, and read on one
/// thread, so that its identical bodies are stored once, unless
/// kSpreadDocumentBytes says otherwise.
constexpr size_t kBigDocumentBytes = 1 << 20;

/// At start-up (and in validate, and tests: Priority::normal), a load's one
/// document over this size whose lines show its entries has them read on
/// every core too, each thread keeping its own copy of a body it meets. Read
/// on one thread, 1,000 scripted uuids (230 KB) took start-up to 1.3x
/// yaml-cpp's own parse of the file; a server's push of that size stays on
/// one thread, so that requests keep the other cores.
constexpr size_t kSpreadDocumentBytes = 64 << 10;

/// The files of a load are read one per core, and a big file's entries too.
/// With Priority::background, a load of over kBigDocumentBytes in all runs
/// on low-priority threads (see Priority), so that the requests of a server reloading it go
/// first; a small one (a typical push) stays on the calling thread.
/// Priority::normal (start-up, validate, tests) uses every core at once.

/// How a load reads its documents.
struct LoadOptions {
  /// Answer bodies are checked against this dialect's envelope (warnings).
  Dialect dialect = Dialect::document;
  /// Scripts may name the documents' own operations and these: the
  /// dialect's built-in ones when null.
  const contract::OperationSet* known = nullptr;
  Priority priority = Priority::normal;
};

/// Parses one document. `file` names it in diagnostics and is the set's
/// source; `default_name` is used when the document has no `name`. No set
/// when the document has errors.
Checked<ScenarioSet> parse_scenario(std::string_view text, const std::string& file,
                                    const std::string& default_name,
                                    const LoadOptions& options = {});

/// CPU time a load spent in yaml-cpp: parsing, and freeing what it built.
struct YamlTime {
  double cpu_ms = 0;
};

/// parse_scenario (document dialect, built-in operations) on the calling
/// thread, adding to `yaml_time` the part yaml-cpp took: bench_load_phases
/// reports the rest as drivemock's own.
Checked<ScenarioSet> parse_scenario_measured(std::string_view text, const std::string& file,
                                             const std::string& default_name, YamlTime& yaml_time);

/// Loads files and directories (their *.yaml and *.yml files, in name order).
/// Always a list: sets with errors are left out of it, and say why. A file's
/// scripts may name operations any file of the load adds.
Checked<std::vector<ScenarioSet>> load_scenario_paths(const std::vector<std::string>& paths,
                                                      const LoadOptions& options = {});

/// Loads files and directories, then inline texts (sets named and sourced
/// "inline-N" in diagnostics, listed with source "inline"), as one load:
/// any of them may script an operation another one adds.
Checked<std::vector<ScenarioSet>> load_scenarios(const std::vector<std::string>& paths,
                                                 const std::vector<std::string>& texts,
                                                 const LoadOptions& options = {});

/// `allowed` when a load of these files, directories and texts reads over
/// kBigDocumentBytes in all, else Priority::normal: a server's change that
/// big runs at background priority as a whole (ScenarioStore).
Priority load_priority(const std::vector<std::string>& paths, const std::vector<std::string>& texts,
                       Priority allowed);

/// The same for one pushed text.
Priority load_priority(std::string_view text, Priority allowed);

}  // namespace drivemock::scenario
