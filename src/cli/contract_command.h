#pragma once
// `drivemock contract --openapi [--dialect document|service] [--scenarios
// PATH]... [--json]`: the operations in force (the contract's, the
// dialect's and those scenario files add) as an OpenAPI 3.1 document on
// standard output. Exit 0, or 2 when the scenarios do not load.

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace drivemock::cli {

struct ContractFlags {
  bool openapi = false;
  bool json = false;
  std::vector<std::string> scenario_paths;
  std::string dialect = "document";
};

/// Adds the `contract` subcommand to `app`; its flags go to `flags`.
CLI::App* add_contract_command(CLI::App& app, ContractFlags& flags);

int run_contract(const ContractFlags& flags);

}  // namespace drivemock::cli
