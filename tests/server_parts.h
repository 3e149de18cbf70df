#pragma once
// The parts a server wires together, built without a server (no HTTP, no
// threads): for tests of the admin API and the request path without sockets.
#include <string>
#include <string_view>
#include <vector>

#include "admin/admin_context.h"
#include "scenario/catalog.h"

namespace drivemock::testing {

struct ServerParts {
  /// Loads `scenario_texts` as inline sets; `loaded` says how that went.
  explicit ServerParts(std::vector<std::string> scenario_texts)
      : scenarios({}, std::move(scenario_texts), engine), loaded(scenarios.load()) {}

  journal::Journal journal{100};
  journal::AdminEvents events{100};
  scenario::Engine engine{scenario::empty_catalog()};
  scenario::ScenarioStore scenarios;
  session::SessionRegistry sessions;
  Diagnostics loaded;
  record::Recorder recorder;
  std::vector<std::string> changes;  ///< the admin changes logged, in order
  control::Control control{{journal, engine, scenarios, sessions, events, recorder, "", nullptr,
                            [this](std::string_view change) { changes.emplace_back(change); }}};
  admin::Context admin{control, [] {}, [] { return admin::ServerHealth{}; },
                       std::chrono::steady_clock::now(), "test"};
};

}  // namespace drivemock::testing
