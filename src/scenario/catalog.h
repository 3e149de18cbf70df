#pragma once
// The loaded scenario sets merged into one read-only index: the operations in
// force (built-in and added), per uuid and operation the rules to use, plus
// defaults, built-in answers and the policy for unknown uuids. A catalog is immutable once built;
// the engine swaps in a new one on reload, so requests in flight keep the one they started with.
//
// A session's catalog lies over the baseline's (build_catalog_over): it
// indexes only the uuids its own sets script, and a lookup of any other
// falls through to the baseline's, which every session shares. So a session
// costs what it adds, whatever the baseline holds (issue 75).

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "document/diagnostic.h"
#include "scenario/model.h"
#include "scenario/nearby_uuids.h"
#include "scenario/rate_limiter.h"

namespace drivemock::scenario {

/// The sets a catalog is built from, shared with the store that keeps them:
/// the catalog points into them instead of copying their rules.
using SharedSet = std::shared_ptr<const ScenarioSet>;

/// The sets, each moved into a SharedSet.
std::vector<SharedSet> share_sets(std::vector<ScenarioSet> sets);

/// The rules one set gives for one uuid (or in defaults) and one operation:
/// views into that set.
struct ScriptedOperation {
  const ScenarioSet* set = nullptr;  ///< the set that gave them (its name, its source)
  const std::vector<Rule>* rules = nullptr;
};

/// Everything the catalog knows about one uuid: a few pointers, however many
/// uuids a recording scripts.
struct DirectoryEntry {
  const std::string* initial_state = nullptr;  ///< null: the contract's initial state
  /// operation name → rules; a handful at most, so a flat list
  std::vector<std::pair<std::string_view, ScriptedOperation>> operations;

  const ScriptedOperation* find(std::string_view operation) const;
  ScriptedOperation* find(std::string_view operation);
  std::string_view state() const;
};

/// A pushed set's script of a uuid and operation (or a default) that hides
/// an earlier set's while the push is in force (Layer).
struct Shadow {
  const ScenarioSet* by = nullptr;      ///< the pushed set
  const ScenarioSet* hidden = nullptr;  ///< the set whose script it hides
  std::string uuid;                     ///< empty: `defaults:`
  std::string operation;
};

/// What a push answers for a shadow: both places, and how to undo it.
std::string describe(const Shadow& shadow);

/// A catalog's uuids as a NearbyUuids, built by the first call that asks (a
/// request for a uuid no set names): a catalog that no unknown uuid reaches
/// never pays for it. Thread-safe; later calls wait for the first.
class LazyNearbyUuids {
 public:
  const NearbyUuids& get(const std::unordered_map<std::string_view, DirectoryEntry>& directories);

 private:
  std::once_flag once_;
  std::unique_ptr<const NearbyUuids> built_;
};

/// A number no catalog built before had: what the engine's per-uuid caches
/// of catalog answers compare, where an address could be reused.
uint64_t next_catalog_generation();

struct Catalog {
  uint64_t generation = next_catalog_generation();
  /// The catalog this one lies over, or null: a uuid `directories` lacks is
  /// looked up there, and `shadows` adds to its.
  std::shared_ptr<const Catalog> base;
  /// What the views below point into: the sets stay alive with the catalog
  /// (an overlay's: its base's, then its own).
  std::vector<SharedSet> sets;
  /// The contract's operations and those the sets add; routing reads these.
  std::shared_ptr<const contract::OperationSet> operations;
  /// uuid (a view of the set's own key) → what the sets script for it; an
  /// overlay's only those its own sets script, each merged over its base's.
  std::unordered_map<std::string_view, DirectoryEntry> directories;
  /// operation → the rules of `defaults:` for any uuid no script serves
  std::map<std::string, ScriptedOperation, std::less<>> defaults;
  /// operation → its protocol rules (ScenarioSet::protocol), from the last
  /// set in force that gives them: the dialect's, or a file's own.
  std::map<std::string, ScriptedOperation, std::less<>> protocol;
  std::map<std::string, Reply, std::less<>> builtin;  ///< operation → its built-in answer
  UnknownUuids unknown_uuids = UnknownUuids::accept;
  Reply reject_answer;  ///< folder_not_found, for rejected unknown uuids
  /// Scripts of pushed sets hiding earlier ones, in the order built (an
  /// overlay's own; all_shadows adds its base's).
  std::vector<Shadow> shadows;
  /// Every set's `limits:`, in set order; a call must pass all that apply.
  std::vector<LimitInForce> limits;
  /// The index behind did_you_mean, built on first use and shared by any
  /// copy of the catalog: it only points into the sets, which copies share.
  std::shared_ptr<LazyNearbyUuids> nearby = std::make_shared<LazyNearbyUuids>();

  const DirectoryEntry* find(std::string_view uuid) const;
  /// Every scripted uuid once, this catalog's own first, then its base's.
  void for_each_directory(
      const std::function<void(std::string_view, const DirectoryEntry&)>& fn) const;
  /// The base's shadows, then this catalog's own.
  std::vector<const Shadow*> all_shadows() const;
  /// The scripted uuid that `uuid`, which none names, is likely meant to be
  /// (NearbyUuids::closest), if any.
  std::optional<std::string_view> did_you_mean(std::string_view uuid) const;
  /// The uuids, sorted, that start in `state` or have a rule for it: where a
  /// consumer's provider state without a uuid applies (a pact's states).
  std::vector<std::string_view> scripted_in(std::string_view state) const;
};

/// A catalog of no sets: built-in answers only.
std::shared_ptr<const Catalog> empty_catalog(const Envelope& envelope = Envelope());

/// Merges the dialect's sets (dialect_sets.h) and these into a catalog; no
/// catalog, and errors, when two sets share a name, define the same operation
/// or path (a dialect's operation may be defined again), script an operation
/// that no set in force defines, or two files give the same uuid and
/// operation (or default). A pushed set's script of those shadows an earlier
/// set's instead (Catalog::shadows), and any set's shadows the dialect's. A
/// set that says `unknown_uuids: reject` makes the whole catalog reject.
/// Built-in answers are in the envelope's dialect.
Checked<std::shared_ptr<const Catalog>> build_catalog(std::vector<SharedSet> sets,
                                                      const Envelope& envelope = Envelope());
/// The catalog of `base`'s sets and then `own`, as build_catalog would make
/// it, but built over `base` (which it shares) in the time and memory that
/// `own` takes: for a session's pushed sets over the baseline. None of
/// `own` may be named as a set of `base`'s (build_catalog then, which
/// replaces that set).
Checked<std::shared_ptr<const Catalog>> build_catalog_over(std::shared_ptr<const Catalog> base,
                                                           std::vector<SharedSet> own,
                                                           const Envelope& envelope = Envelope());
/// The same for sets not shared yet (tests, validate): they move into the catalog.
Checked<std::shared_ptr<const Catalog>> build_catalog(std::vector<ScenarioSet> sets,
                                                      const Envelope& envelope = Envelope());

}  // namespace drivemock::scenario
