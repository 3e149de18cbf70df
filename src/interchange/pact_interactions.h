#pragma once
// Reading a pact's HTTP interactions (Pact v1 to v4) for Pact in
// (scenario/pact_set.h): each POST request with a JSON object body and
// its response. What drivemock serves otherwise than the pact says (matching
// rules, generators) or leaves out (other methods, messages, binary bodies)
// is a positioned warning.

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "document/reader.h"
#include "document/tree.h"

namespace drivemock::interchange {

/// A response as the pact gives it, to be checked and sent as an answer.
struct PactResponse {
  document::Node node;    ///< the response in the pact
  document::Node status;  ///< its status, none when not given (200)
  int code = 200;         ///< the status as a number (0 when not one)
  /// By name, in name order; a list of values joined with ", ".
  std::vector<std::pair<std::string, std::string>> headers;
  document::Node headers_at;
  std::optional<std::string> json;  ///< a JSON object body, as JSON text
  std::optional<std::string> raw;   ///< any other body, sent as is
  document::Node body_at;

  bool operator==(const PactResponse& other) const {
    return code == other.code && headers == other.headers && json == other.json && raw == other.raw;
  }
};

/// One HTTP interaction, as drivemock will serve it.
struct PactInteraction {
  document::Node node;  ///< the interaction in the pact: where it is
  std::string path;
  document::Node body;               ///< the request body: a JSON object
  std::optional<std::string> state;  ///< its provider state's `state` param, else its name
  PactResponse response;
};

/// The interactions drivemock can serve; nothing (an error) for a pact of a
/// specification version it does not read, or with no interactions list.
std::optional<std::vector<PactInteraction>> read_pact_interactions(document::Node root,
                                                                   document::Reader& in);

}  // namespace drivemock::interchange
