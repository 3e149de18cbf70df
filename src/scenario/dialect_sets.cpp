#include "scenario/dialect_sets.h"

#include <cstdlib>

#include "scenario/loader.h"
#include "scenario/service_dialect_document.h"
#include "util/log.h"

namespace drivemock::scenario {
namespace {

/// The built-in text is part of the program: if it does not read, the build
/// is broken (tests/unit/test_dialect_sets.cpp reads it first).
SharedSet read_builtin(std::string_view text) {
  auto set = parse_scenario(text, std::string(kServiceDialectSource), "service-dialect",
                            {Dialect::service, contract::builtin_set().get()});
  for (const auto& d : set.diagnostics) log::error("drivemock: " + format_diagnostic(d));
  if (!set || has_errors(set.diagnostics)) std::abort();
  set->layer = Layer::dialect;
  return std::make_shared<const ScenarioSet>(std::move(*set));
}

}  // namespace

const std::vector<SharedSet>& dialect_sets(Dialect dialect) {
  static const std::vector<SharedSet> none;
  static const std::vector<SharedSet> service{read_builtin(kServiceDialectDocument)};
  return dialect == Dialect::service ? service : none;
}

const contract::OperationSet& dialect_operations(Dialect dialect) {
  static const contract::OperationSet service = [] {
    contract::OperationSet set = *contract::builtin_set();
    for (const auto& added : dialect_sets(Dialect::service)) {
      set.list.insert(set.list.end(), added->operations.begin(), added->operations.end());
    }
    return set;
  }();
  return dialect == Dialect::service ? service : *contract::builtin_set();
}

bool from_dialect(const contract::Operation& op) {
  return op.source == kServiceDialectSource;
}

}  // namespace drivemock::scenario
