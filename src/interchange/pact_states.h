#pragma once
// The provider-state names drivemock's pacts give (pact_writer.h) and its
// state-change URL reads (provider_state.h), so that a pact drivemock
// writes is one a provider, and drivemock itself, can set up.

#include <optional>
#include <string_view>

#include "contract/operations.h"

namespace drivemock::interchange {

/// A scripted uuid in its scenario's state: params {uuid, directoryState}.
inline constexpr std::string_view kStateInAState = "a directory in a state";
/// A directory no scenario scripts, as the provider must make it: {uuid}.
inline constexpr std::string_view kStateExists = "a directory exists";
inline constexpr std::string_view kStateTrashed = "a directory is trashed";
inline constexpr std::string_view kTrashedState = "trashed";

/// The directory state one of the {uuid}-only names stands for.
inline std::optional<std::string_view> directory_state_of(std::string_view name) {
  if (name == kStateExists) return contract::kInitialState;
  if (name == kStateTrashed) return kTrashedState;
  return std::nullopt;
}

/// The name an unscripted uuid's state is given by: the {uuid}-only names
/// for the built-in states, kStateInAState for any other (an added
/// operation's onSuccess state).
inline std::string_view state_name_of(std::string_view directory_state) {
  if (directory_state == contract::kInitialState) return kStateExists;
  if (directory_state == kTrashedState) return kStateTrashed;
  return kStateInAState;
}

}  // namespace drivemock::interchange
