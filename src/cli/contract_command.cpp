#include "cli/contract_command.h"

#include <filesystem>
#include <iostream>

#include "cli/exit_codes.h"
#include "drivemock/version.h"
#include "interchange/openapi_writer.h"
#include "scenario/answer_examples.h"
#include "scenario/catalog.h"
#include "scenario/loader.h"
#include "util/text.h"

namespace drivemock::cli {

CLI::App* add_contract_command(CLI::App& app, ContractFlags& flags) {
  CLI::App* contract = app.add_subcommand(
      "contract", "Print the contract in force (with --openapi: as an OpenAPI 3.1 document)");
  contract->add_flag("--openapi", flags.openapi, "As an OpenAPI 3.1 document")->required();
  contract->add_flag("--json", flags.json, "JSON instead of YAML");
  contract
      ->add_option("--scenarios", flags.scenario_paths,
                   "Scenario files or directories whose operations and answers to include "
                   "(repeatable); default ./scenarios if it exists")
      ->check(CLI::ExistingPath);
  contract->add_option("--dialect", flags.dialect, "The envelope of the answers")
      ->check(CLI::IsMember({"document", "service"}))
      ->capture_default_str();
  return contract;
}

int run_contract(const ContractFlags& flags) {
  Dialect dialect = dialect_from_name(flags.dialect).value_or(Dialect::document);
  std::vector<std::string> paths = flags.scenario_paths;
  if (paths.empty() && std::filesystem::is_directory("scenarios")) paths.push_back("scenarios");
  auto sets = scenario::load_scenario_paths(paths, {dialect});
  Diagnostics problems = sets.diagnostics;
  std::shared_ptr<const scenario::Catalog> catalog;
  if (sets && !has_errors(problems)) {
    auto built = scenario::build_catalog(std::move(*sets), Envelope(dialect));
    append(problems, built.diagnostics);
    if (built) catalog = *built;
  }
  for (const auto& d : problems) std::cerr << escape_controls(format_diagnostic(d)) << '\n';
  if (!catalog || has_errors(problems)) return kExitUsage;
  auto examples = scenario::answer_examples(*catalog);
  std::cout << interchange::openapi_document(
      {*catalog->operations, examples, Envelope(dialect), std::string(kVersion)},
      flags.json ? interchange::DocumentFormat::json : interchange::DocumentFormat::yaml);
  return 0;
}

}  // namespace drivemock::cli
