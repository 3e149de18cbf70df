#pragma once
// Pact v4 from the journal: what a consumer's tests did against drivemock,
// as a contract its provider can verify (POST /__admin/pact, `drivemock
// pact`). Pure: journaled calls in, pact text and warnings out.

#include <rapidjson/document.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/entry.h"
#include "util/result.h"

namespace drivemock::journal {

/// The provider state every interaction on a scripted uuid names, with the
/// uuid and its state as parameters (uuid, directoryState): one state
/// handler serves them all (admin/provider_state.h reads it).
inline constexpr std::string_view kPactStateName = "a directory in a state";

/// One journaled call, as much of it as a pact says.
struct PactCall {
  uint64_t id = 0;
  std::string method;
  std::string path;          ///< without the query (not part of the contract)
  std::string content_type;  ///< the request's, as sent; empty when none
  std::string body;          ///< as sent
  std::string operation;     ///< empty: a path with no operation
  std::optional<std::string> uuid;
  std::string state;    ///< a scripted uuid's state when answered; empty otherwise
  std::string session;  ///< the session's id; empty outside sessions
  int status = 0;
  std::string response_body;
  std::vector<Header> response_headers;  ///< the answer's own; secrets are "***"
  std::string fault;                     ///< empty when an HTTP answer was sent
};

/// The call an entry of the running journal holds.
PactCall pact_call(const Entry& entry);

/// The call a line of a journal file (--journal-file) holds, or what is
/// wrong with it.
Result<PactCall> pact_call(const rapidjson::Value& entry_json);

/// Who the pact is between.
struct PactParties {
  std::string consumer;
  std::string provider;
};

struct Pact {
  std::string json;  ///< the pact file's text
  size_t interactions = 0;
  /// Calls left out and why (faults, other paths, a sequence's later answers).
  std::vector<std::string> warnings;
};

/// The pact of `calls` (any order; written in id order): one interaction
/// per distinct request, provider state and answer. `dropped`: calls the
/// journal no longer holds (a warning says they are missing).
Pact write_pact(std::vector<PactCall> calls, const PactParties& parties, uint64_t dropped = 0);

}  // namespace drivemock::journal
