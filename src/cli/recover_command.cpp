#include "cli/recover_command.h"

#include <iostream>

#include "record/recording_file.h"
#include "util/text.h"

namespace drivemock::cli {

CLI::App* add_recover_command(CLI::App& app, RecoverFlags& flags) {
  CLI::App* recover = app.add_subcommand(
      "recover",
      "Turn the capture log of a recording that was cut short (kill -9, a time-out: "
      "FILE.yaml.captures.jsonl) into its scenario file");
  recover->add_option("log", flags.logs, "The capture log(s)")->required();
  recover->add_option("--to", flags.to,
                      "Write the scenario file here (one log only; default: the log's name "
                      "without .captures.jsonl)");
  return recover;
}

int run_recover(const RecoverFlags& flags) {
  if (!flags.to.empty() && flags.logs.size() > 1) {
    std::cerr << "drivemock: error: --to names one file: give one log with it\n";
    return 2;
  }
  int status = 0;
  for (const auto& log : flags.logs) {
    auto recovered = record::recover_recording(log, flags.to);
    if (!recovered) {
      std::cerr << "drivemock: error: " << escape_controls(recovered.error().message) << "\n";
      status = 1;
      continue;
    }
    std::cout << "recovered " << recovered->saved.captured << " calls from " << log << " into "
              << recovered->saved.file << record::saved_details(recovered->saved);
    if (recovered->unreadable > 0) {
      std::cout << "; " << recovered->unreadable << " torn line(s) left out";
    }
    std::cout << "\n";
  }
  return status;
}

}  // namespace drivemock::cli
