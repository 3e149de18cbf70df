#pragma once
// `drivemock recover LOG... [--to FILE]`: turns the capture log a killed
// recording left (record/capture_log.h: FILE.yaml.captures.jsonl) into its
// scenario file, as a stop would have. Exit 0 when every log was
// recovered, 1 when one could not be.

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace drivemock::cli {

struct RecoverFlags {
  std::vector<std::string> logs;
  std::string to;  ///< the scenario file; default: the log's name without .captures.jsonl
};

/// Adds the `recover` subcommand to `app`; its flags go to `flags`.
CLI::App* add_recover_command(CLI::App& app, RecoverFlags& flags);

/// Recovers each log, printing where each went (or why not).
int run_recover(const RecoverFlags& flags);

}  // namespace drivemock::cli
