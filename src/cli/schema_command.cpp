#include "cli/schema_command.h"

#include <iostream>

#include "scenario/scenario_schema.h"

namespace drivemock::cli {

CLI::App* add_schema_command(CLI::App& app) {
  return app.add_subcommand("schema",
                            "Print the scenario files' JSON Schema (2020-12), for an editor: "
                            "save it and name it in a `# yaml-language-server: $schema=FILE` line");
}

int run_schema() {
  std::cout << scenario::kScenarioSchema << std::flush;
  return std::cout ? 0 : 1;
}

}  // namespace drivemock::cli
