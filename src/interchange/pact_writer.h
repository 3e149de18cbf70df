#pragma once
// Pact v4 from the journal: what a consumer's tests did against drivemock,
// as a contract its provider can verify (POST /__admin/pact, `drivemock
// pact`). Pure: journaled calls in, pact text and warnings out.

#include <rapidjson/document.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "interchange/pact_states.h"
#include "model/entry.h"
#include "util/result.h"

namespace drivemock::interchange {

/// One journaled call, as much of it as a pact says.
struct PactCall {
  uint64_t id = 0;
  std::string method;
  std::string path;          ///< without the query (not part of the contract)
  std::string content_type;  ///< the request's, as sent; empty when none
  std::string body;          ///< as sent
  std::string operation;     ///< empty: a path with no operation
  std::optional<std::string> uuid;
  /// The client made the uuid up (the SDK's lock: a fresh random uuid per
  /// call), so the pact gives a fixed example and a matching rule instead.
  bool client_made = false;
  /// The uuid's state when answered; empty when it had none (a refusal
  /// before any state: an unknown uuid rejected, a rate limit, a bad call).
  std::string state;
  bool named = false;   ///< a scenario scripts the uuid
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

/// The example a pact gives for a uuid the client made up.
inline constexpr std::string_view kClientMadeUuid = "00000000-0000-4000-8000-000000000000";

/// The pact of `calls` (any order): one interaction per distinct request,
/// provider state and answer, written in the order of their descriptions
/// and contents, so the same calls give the same bytes however they
/// interleaved. `dropped`: calls the
/// journal no longer holds (a warning says they are missing).
Pact write_pact(std::vector<PactCall> calls, const PactParties& parties, uint64_t dropped = 0);

}  // namespace drivemock::interchange
