#pragma once
// The exit codes the serving run and the subcommands share (SPEC.md's
// command line: bad flags exit 2).

namespace drivemock::cli {

/// The run or the command found problems (scenario errors, a failed start).
inline constexpr int kExitProblems = 1;
/// Bad flags, or input that cannot be used at all.
inline constexpr int kExitUsage = 2;

}  // namespace drivemock::cli
