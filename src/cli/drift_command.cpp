#include "cli/drift_command.h"

#include <iostream>

#include "record/drift.h"
#include "scenario/catalog.h"
#include "scenario/loader.h"
#include "util/file_text.h"
#include "util/text.h"

namespace drivemock::cli {
namespace {

constexpr int kExitDrift = 1;
constexpr int kExitCannotCheck = 2;

/// The errors that keep the check from running (warnings are the loader's
/// business: `drivemock validate` shows them).
int cannot_check(const Diagnostics& diagnostics) {
  for (const auto& d : diagnostics) {
    if (d.severity == Severity::error) std::cout << escape_controls(format_diagnostic(d)) << '\n';
  }
  return kExitCannotCheck;
}

}  // namespace

CLI::App* add_drift_command(CLI::App& app, DriftFlags& flags) {
  CLI::App* drift = app.add_subcommand(
      "drift",
      "Compare what scenarios answer with what a recording shows the service answering; exit 1 "
      "when a finding is an error");
  drift->add_option("RECORDING", flags.recording, "A recording made with --record-to")
      ->required()
      ->check(CLI::ExistingFile);
  drift->add_option("SCENARIO_PATH", flags.scenario_paths, "Scenario files or directories")
      ->required()
      ->check(CLI::ExistingPath);
  drift->add_flag("--json", flags.json, "Print the findings as JSON, for tools");
  return drift;
}

int run_drift(const DriftFlags& flags, Dialect dialect) {
  auto recording = read_file_text(flags.recording);
  if (!recording) {
    return cannot_check({{Severity::error, flags.recording, 0, 0, "cannot read the recording"}});
  }
  // Loaded as drivemock would serve them: files that do not load are not checked.
  auto sets = scenario::load_scenario_paths(flags.scenario_paths, {dialect});
  Diagnostics problems = sets.diagnostics;
  if (sets && !has_errors(problems)) {
    append(problems, scenario::build_catalog(*sets, Envelope(dialect)).diagnostics);
  }
  if (!sets || has_errors(problems)) return cannot_check(problems);
  std::vector<record::ScenarioText> scenarios;
  for (const auto& set : *sets) {
    // A document too big to be kept is read again from its file.
    auto text = set.text ? std::optional<std::string>(*set.text) : read_file_text(set.source);
    if (text) scenarios.push_back({set.source, std::move(*text)});
  }
  auto findings = record::check_drift(*recording, flags.recording, scenarios);
  if (!findings) return cannot_check(findings.diagnostics);
  if (flags.json) {
    std::cout << record::drift_json(*findings) << '\n';
  } else {
    auto groups = record::group_findings(*findings);
    // It quotes what the upstream answered: escaped, as the server's log is.
    std::cout << escape_lines(record::drift_text(groups));
    size_t errors = 0;
    for (const auto& f : *findings) errors += f.level == record::DriftLevel::error;
    std::cout << (errors == 0 ? "ok: " : "drift: ") << errors << " error(s), "
              << findings->size() - errors << " note(s) in " << scenarios.size()
              << " scenario set(s) against " << flags.recording
              << (groups.size() < findings->size()
                      ? " (" + std::to_string(groups.size()) + " distinct)"
                      : "")
              << '\n';
  }
  return record::has_drift_errors(*findings) ? kExitDrift : 0;
}

}  // namespace drivemock::cli
