#pragma once
// The scenario engine: the one place that holds simulated state (each uuid's
// state, stored attributes, call counts and sequence positions). The choice
// of answer is a pure function of a uuid's state (decision.h); the engine
// looks the state up, makes the choice and applies its change together under
// the uuid's own lock, so N parallel calls on one uuid see N distinct
// consecutive sequence positions, and calls on other uuids never wait.

#include <rapidjson/document.h>

#include <atomic>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <shared_mutex>
#include <string>
#include <unordered_map>

#include "contract/classify.h"
#include "contract/operations.h"
#include "model/entry.h"
#include "scenario/catalog.h"
#include "scenario/decision.h"
#include "scenario/near_miss_calls.h"
#include "scenario/script_view.h"
#include "scenario/used_answers.h"
#include "util/result.h"

namespace drivemock::scenario {

/// A directory's simulated state, as the admin API shows it.
struct DirectorySnapshot {
  std::string uuid;
  std::string state;
  std::map<std::string, std::string> attributes;  ///< e.g. "color" → "red"
  std::map<std::string, uint64_t> calls;          ///< operation → count
  /// operation → the rules of the uuid's own script (Engine::scripts; filled
  /// for GET of one directory only).
  std::map<std::string, std::vector<RuleView>> scripts = {};
};

/// What a uuid put in a state keeps of its calls so far.
enum class History { kept, forgotten };

/// Which uuids start over when a catalog replaces another.
enum class Restart {
  named,  ///< those either catalog names: a change of what scripts them
  none,   ///< none: a session following its baseline keeps its own states
};

class Engine {
 public:
  /// How many uuids that no scenario names keep their simulated state, and
  /// how many bytes they may take: past either, the one first seen longest
  /// ago starts over. Memory stays bounded however many uuids, and however
  /// long ones, clients make up.
  static constexpr size_t kDefaultUnnamedLimit = 100000;
  static constexpr size_t kDefaultUnnamedBytes = size_t{64} << 20;
  /// What one remembered uuid costs beside its own bytes and its stored
  /// fields' (its state, counts and positions, the maps' nodes, and what
  /// the allocator keeps around them as the oldest start over), as measured
  /// in RSS for uuids called once per operation: 955 bytes a 36-byte uuid.
  static constexpr size_t kSlotBytes = 920;
  /// Longer uuids that no scenario names are answered and journaled, with a
  /// field_length violation, but not remembered: the real service's are 36
  /// characters, and a client must not grow memory by the megabyte per call.
  static constexpr size_t kMaxRememberedUuidBytes = 256;
  /// Longer values of a stored field (a color) are not stored (decision.h).
  static constexpr size_t kMaxStoredFieldBytes = scenario::kMaxStoredFieldBytes;
  /// The longest state set_state puts a uuid in (a scenario's state names
  /// are short; a pact's provider state names are sentences).
  static constexpr size_t kMaxStateBytes = 1024;

  explicit Engine(std::shared_ptr<const Catalog> catalog,
                  size_t unnamed_limit = kDefaultUnnamedLimit,
                  size_t unnamed_bytes = kDefaultUnnamedBytes);

  /// The decide stage of the mock API: the answer to `request`, which must
  /// have no early answer and was routed with `catalog`'s operations; notes
  /// in `request.seen` which rule served it and whether a scenario names its
  /// uuid.
  Reply answer(contract::Classified& request, std::shared_ptr<const Catalog> catalog);

  /// Chooses the answer for `op` (an operation of `catalog`, the current one
  /// when null) on `uuid` and advances that uuid's state.
  Decision decide(const contract::Operation& op, const std::string& uuid,
                  const rapidjson::Value& body, std::shared_ptr<const Catalog> catalog = nullptr);

  /// The catalog in use now.
  std::shared_ptr<const Catalog> catalog() const;
  /// Swaps in another catalog and hands back the one it replaces. With
  /// Restart::named, the uuids that either catalog names start over (state,
  /// sequences, counts); the others keep theirs.
  std::shared_ptr<const Catalog> replace_catalog(std::shared_ptr<const Catalog> catalog,
                                                 Restart restart = Restart::named);
  /// Every uuid back to its initial state, sequences and random streams
  /// back to the start; the near-miss calls forgotten.
  void reset();
  /// The calls it answered whose uuid is a typo away from a named one.
  std::vector<NearMissCall> near_miss_calls() const { return near_miss_calls_.list(); }
  /// Notes from now on which answers the calls get (a session's engine).
  void track_used_answers() { used_answers_.enable(); }
  /// Whether a call got any answer of `rule` (with track_used_answers).
  bool used(const Rule& rule) const { return used_answers_.any_of(rule); }
  /// The seed random draws derive from: each uuid and operation has its own
  /// stream of it (util/random.h), restarted with the uuid's state. Set it
  /// before reset() to replay a run.
  void set_seed(uint64_t seed) { seed_ = seed; }
  uint64_t seed() const { return seed_; }
  /// A uuid's simulated state; nullopt only for a uuid that no scenario
  /// names while unknown uuids are rejected.
  std::optional<DirectorySnapshot> directory(const std::string& uuid) const;
  /// The rules of `uuid`'s own script per operation, with the answer each
  /// sequence gives next (GET of one directory; the list leaves them out).
  std::map<std::string, std::vector<RuleView>> scripts(const std::string& uuid) const;
  /// The uuids a scenario names or a request has used that contain `part`,
  /// in byte order: the first `limit`, and how many there are in all.
  std::pair<std::vector<std::string>, size_t> uuids(std::string_view part, size_t limit) const;
  /// Puts a uuid in `state` (as if a rule's `then` had moved it); with
  /// History::forgotten, its sequences, counts and stored fields start over
  /// first (a pact's provider state: the uuid as a fresh run finds it). The
  /// directory then exists, also where unknown uuids are rejected.
  /// Refused (nothing changes) for a state over kMaxStateBytes, and for a
  /// uuid no scenario names over kMaxRememberedUuidBytes; the state counts
  /// in the unnamed uuids' budget as a stored field does.
  Status set_state(const std::string& uuid, const std::string& state,
                   History history = History::kept);

 private:
  /// The choice for a call a rate limit refused: its uuid's state untouched.
  Decision decide_limited(const contract::Classified& request, const Catalog& catalog,
                          RateLimiter::Refusal refusal) const;
  /// What the call's journal entry says of the decision (request.seen),
  /// and what the engine notes of it (near misses, the answers used).
  void note_in_entry(Decision& decision, contract::Classified& request);

  struct Slot {
    mutable std::mutex mutex;
    DirectoryState directory;
    /// For a uuid no scenario names, its didYouMean, made in the catalog of
    /// that generation (0: not yet): such a uuid is usually asked for again
    /// and again, and the answer only changes with the catalog.
    uint64_t suggested_in = 0;
    std::optional<std::string> suggestion;
    /// In the unnamed uuids' budget (made for a uuid no scenario named, not
    /// yet forgotten): its stored fields' bytes, `stored_bytes`, count in
    /// unnamed_bytes_ (stored_bytes()). Under `mutex`, but set before others can see the slot.
    bool counted = false;
    size_t stored_bytes = 0;
  };
  /// A slot's didYouMean, made again when the catalog is not the one it
  /// was made in (under the slot's lock).
  static const std::optional<std::string>& suggested(Slot& slot, const Catalog& catalog,
                                                     const std::string& uuid);

  /// The uuid's slot, made on first use. Shared, so that a slot forgotten
  /// meanwhile stays valid for the request that holds it.
  std::shared_ptr<Slot> slot(const std::string& uuid, const Catalog& catalog);
  std::shared_ptr<const Slot> find_slot(const std::string& uuid) const;

  /// Read by every request: readers share the lock and so never sleep on
  /// it (a plain mutex was, under load, the lock drivemock's threads waited
  /// for most after malloc's). Not std::atomic<std::shared_ptr>: g++ 12's
  /// lets go of its load with a relaxed store, a race TSan reports.
  mutable std::shared_mutex catalog_mutex_;
  std::shared_ptr<const Catalog> catalog_;
  /// The rate limits' windows of this engine's calls: a session's are its own.
  RateLimiter windows_;
  NearMissCalls near_miss_calls_;
  UsedAnswers used_answers_;
  mutable std::shared_mutex slots_mutex_;
  std::unordered_map<std::string, std::shared_ptr<Slot>> slots_;
  /// Back to the initial state; its stored fields no longer counted. Under
  /// the slot's lock.
  void restart(Slot& slot);
  /// Forgets the oldest unnamed uuids while over either limit; under a
  /// write lock of slots_mutex_.
  void forget_oldest(const Catalog& catalog);
  /// Counts the slot's stored fields and state again in unnamed_bytes_
  /// (under its lock); whether the unnamed uuids are now over budget.
  bool recount(Slot& slot);
  /// Applies a decision's change to the uuid's state (under its lock),
  /// keeping unnamed_bytes_ up to date with its stored fields and state.
  void apply(const contract::Operation& op, const StateChange& change, Slot& slot);

  /// Unnamed uuids in the order their slots were made, oldest first.
  std::deque<std::string> unnamed_;
  size_t unnamed_limit_;
  size_t unnamed_budget_;
  /// Bytes the unnamed slots take (their uuids, kSlotBytes each, their stored fields).
  std::atomic<size_t> unnamed_bytes_{0};
  std::atomic<uint64_t> seed_{0};
};

}  // namespace drivemock::scenario
