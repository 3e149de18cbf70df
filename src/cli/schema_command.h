#pragma once
// `drivemock schema`: prints the scenario format's JSON Schema (2020-12),
// for an editor's YAML support (docs/scenarios.md shows the line that turns
// it on). Exit 0.

#include <CLI/CLI.hpp>

namespace drivemock::cli {

/// Adds the `schema` subcommand to `app`.
CLI::App* add_schema_command(CLI::App& app);

/// Prints the schema on standard output.
int run_schema();

}  // namespace drivemock::cli
