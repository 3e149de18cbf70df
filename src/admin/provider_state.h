#pragma once
// Pact's provider-state change, as every Pact verifier sends it to a
// `--state-change-url` (POST /__admin/pact/provider-states): which uuid to
// put in which state before an interaction is replayed. Pure: the request
// in, the change (or what is wrong with it) out; the handler applies it.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/request.h"
#include "util/result.h"

namespace drivemock::admin {

/// The state names drivemock's pacts give (journal/pact_writer.h): a
/// scripted uuid's state, or a directory the provider must make.
inline constexpr std::string_view kStateInAState = "a directory in a state";
inline constexpr std::string_view kStateExists = "a directory exists";
inline constexpr std::string_view kStateTrashed = "a directory is trashed";

enum class StateAction { setup, teardown };

/// What a state-change request asks for.
struct ProviderStateChange {
  std::string name;  ///< the provider state's name
  StateAction action = StateAction::setup;
  /// The directory it is about, and the state to put it in: from the params
  /// of drivemock's names; for any other name with a `uuid` param, the name
  /// itself (a consumer's own state names are a pact's scenario states).
  std::optional<std::string> uuid;
  std::string directory_state;
};

/// The change a request asks for: the body `{state, params, action}` or,
/// with no body, the query `?state=…&action=…&uuid=…` (Pact's
/// --state-change-as-query); an error saying what is wrong and what was
/// expected otherwise. A teardown, and a setup of the state "" (what
/// verifiers send for an interaction with none), need no uuid.
Result<ProviderStateChange> read_provider_state(const RequestView& request);

}  // namespace drivemock::admin
