#pragma once
// `drivemock drift RECORDING SCENARIO_PATH... [--json]`: the drift check
// (record/drift.h) from the command line. Exit 0 when no finding is an
// error, 1 when one is, 2 when a file cannot be read or loaded.

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "model/error_envelope.h"

namespace drivemock::cli {

struct DriftFlags {
  std::string recording;
  std::vector<std::string> scenario_paths;
  bool json = false;
};

/// Adds the `drift` subcommand to `app`; its flags go to `flags`.
CLI::App* add_drift_command(CLI::App& app, DriftFlags& flags);

/// Runs the check, printing findings (or why it could not) to standard output.
int run_drift(const DriftFlags& flags, Dialect dialect);

}  // namespace drivemock::cli
