#pragma once
// Reading a pact's HTTP interactions (Pact v1 to v4) for Pact in
// (interchange/pact_scenario.h): each POST request with a JSON object body and
// its response as a scenario answer. What drivemock serves otherwise than the
// pact says (matching rules, generators) or leaves out (other methods,
// messages, binary bodies) is a positioned warning.

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <vector>

#include "util/yaml_reader.h"

namespace drivemock::interchange {

/// One HTTP interaction, as drivemock will serve it.
struct PactInteraction {
  YAML::Node node;  ///< the interaction in the pact: where it is
  std::string path;
  YAML::Node body;                   ///< the request body: a JSON object
  std::optional<std::string> state;  ///< its provider state's `state` param, else its name
  std::string respond;               ///< the `respond` answer, JSON text
};

/// The interactions drivemock can serve; nothing (an error) for a pact of a
/// specification version it does not read, or with no interactions list.
std::optional<std::vector<PactInteraction>> read_pact_interactions(const YAML::Node& root,
                                                                   YamlReader& in);

}  // namespace drivemock::interchange
