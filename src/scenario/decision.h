#pragma once
// The engine's choice of answer, as one value of a pure function: from a
// call, the catalog it was routed with and its uuid's simulated state as it
// stands, whether a rate limit refuses it, the uuid it was likely meant to be,
// which rule answers, with which answer, and what the call changes of that
// state. Nothing here reads or writes anything else (the clock, the seed and
// the limits' verdict are given), so a test can state a uuid's state and
// check the choice. The engine (engine.h) looks the state up and counts the
// call in the limits' windows (rate_limiter.h), calls decide() under the
// uuid's lock and applies the change.

#include <rapidjson/document.h>

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "contract/classify.h"
#include "contract/operations.h"
#include "model/entry.h"
#include "scenario/catalog.h"

namespace drivemock::scenario {

/// One uuid's simulated state: what a decision reads and the engine keeps.
struct DirectoryState {
  bool started = false;
  /// Set up from outside (a provider state, PUT …/state): the directory
  /// exists even where unknown uuids are rejected.
  bool made = false;
  std::string state;
  std::map<std::string, std::string> attributes;
  std::map<std::string, uint64_t> calls;
  std::map<std::string, std::vector<uint64_t>> positions;           ///< operation → per rule
  std::map<std::string, std::vector<uint64_t>> default_positions;   ///< the same, in defaults
  std::map<std::string, std::vector<uint64_t>> protocol_positions;  ///< and in protocols
  std::map<std::string, uint64_t> draws;  ///< operation → numbers drawn from its stream
};

/// Whose sequence positions a call moved: the uuid's own rules', the
/// defaults' or the operation's protocol's.
enum class Script { own, defaults, protocol };

/// What one call changes of its uuid's state, beyond counting it.
struct StateChange {
  std::optional<std::string> state;   ///< its next state: a success that moves it
  std::optional<std::string> stored;  ///< the operation's stored field (a color), on a success
  /// The sequence that moved on: whose, and the rule's index in it.
  std::optional<std::pair<Script, size_t>> advanced;
  uint64_t drawn = 0;  ///< numbers drawn from the operation's stream
};

/// The engine's choice for one request.
struct Decision {
  /// Keeps `answer` alive beyond the call (Engine::decide's; decide() never
  /// sets it: its caller holds the catalog).
  std::shared_ptr<const Catalog> catalog;
  const Reply* answer = nullptr;
  /// The rate limit that refused the call (its 429 is `rendered`, with its
  /// Retry-After): nothing else was chosen, and nothing changes.
  std::optional<LimitHit> limited;
  std::optional<Matched> matched;  ///< nullopt where built-in answers served it
  bool named = false;              ///< some scenario names this uuid
  /// The uuid's state when its answer was chosen: the provider state a
  /// pact gives the interaction (interchange/pact_writer.h). Empty for a
  /// uuid rejected as unknown and for a key-less operation's calls.
  std::string state;
  /// What was drawn: the one_of's pick, and the delay that replaces the
  /// answer's delay_ms when it has a random one.
  std::optional<RandomDraw> random;
  /// A templated answer, filled in for this call (`answer` is its template).
  std::optional<Reply> rendered;
  /// The uuid's own rules, when none of them matched: why each did not.
  std::vector<NearMiss> near_misses;
  /// For a uuid no scenario names: the scripted uuid it was likely meant to be.
  std::optional<std::string> did_you_mean;
  /// What a template named that the request lacked: `template` violations.
  std::vector<std::string> template_missing;
  /// What the engine would not remember of this call (field_length).
  std::vector<Violation> violations;
  /// What the call changes of its uuid's state (the engine applies it).
  StateChange change;
};

/// Longer values of a stored field (a color) are not stored, with a
/// field_length violation; the state still moves.
constexpr size_t kMaxStoredFieldBytes = 1024;

/// The violation of a field longer than drivemock `what` ("stores").
Violation field_too_long(const std::string& field, size_t size, size_t most, const char* what);

/// A call, and its uuid's state, as the choice sees them.
struct CallInState {
  const Catalog& catalog;  ///< the one the request was routed with
  const contract::Operation& op;
  const std::string& uuid;
  const DirectoryEntry* entry;  ///< the uuid's in `catalog`; null: no scenario names it
  const rapidjson::Value& body;
  /// The uuid's state: started, this call counted in `calls`.
  const DirectoryState& directory;
  uint64_t seed = 0;  ///< what the uuid's random streams derive from
  /// The time a template's {{now}} shows; read only for a templated answer.
  std::chrono::system_clock::time_point (*clock)() = &std::chrono::system_clock::now;
  /// The limit (by its index in the catalog's `limits`) whose window is
  /// full for this call, as the engine's windows found it; none: admitted.
  std::optional<RateLimiter::Refusal> limited = std::nullopt;
  /// For a uuid no scenario names: the scripted uuid it is likely meant to
  /// be (Catalog::did_you_mean, which the engine keeps per uuid and catalog).
  /// The caller keeps it alive through the call; the decision copies it.
  std::optional<std::string_view> did_you_mean = std::nullopt;
};

/// The answer to `call`: a limit's 429 when one refuses it; else the first
/// rule that matches of the uuid's own, then the defaults', then the
/// operation's protocol's, else the built-in answer, with the state change
/// it makes (state moves only on a success as the clients read it).
Decision decide(const CallInState& call);

}  // namespace drivemock::scenario
