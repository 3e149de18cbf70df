#pragma once
// The `drivemock` command: flags (CLI11), the serve and validate modes,
// signals. Part of the executable, not the library: with the logger, the only
// code that writes to the terminal.

namespace drivemock::cli {

/// Runs the command; returns the process exit code (0 ok, 1 validation
/// problems or start failure, 2 bad flags or scenario errors at start).
int run(int argc, char** argv);

}  // namespace drivemock::cli
