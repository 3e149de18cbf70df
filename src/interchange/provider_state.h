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

namespace drivemock::interchange {

enum class StateAction { setup, teardown };

/// What a state-change request asks for.
struct ProviderStateChange {
  std::string name;  ///< the provider state's name
  StateAction action = StateAction::setup;
  /// The directory it is about, and the state to put it in: from the params
  /// of drivemock's names (interchange/pact_states.h); for any other name,
  /// the name itself (a consumer's own state names are a pact's scenario
  /// states). No uuid: a consumer's name without one, which sets every uuid
  /// the scenarios script in that state.
  std::optional<std::string> uuid;
  std::string directory_state;
};

/// The change a request asks for: the body `{state, params, action}` or,
/// with no body, the query `?state=…&action=…&uuid=…` (Pact's
/// --state-change-as-query); an error saying what is wrong and what was
/// expected otherwise. A teardown, a setup of the state "" (what verifiers
/// send for an interaction with none) and a consumer's own state name need
/// no uuid; drivemock's names do.
Result<ProviderStateChange> read_provider_state(const RequestView& request);

}  // namespace drivemock::interchange
