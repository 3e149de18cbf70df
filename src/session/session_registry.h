#pragma once
// Sessions: one per test, so that tests side by side on one drivemock do not
// see each other. A session has its own engine (states, sequences, counts,
// random draws seeded by its name, rate-limit windows) and its own store of
// pushed sets layered over the baseline (the files and the pushes made
// outside sessions), which it follows: every change of the baseline is
// rebased under each open session's own sets, whose catalog lies over the
// baseline's and holds only what they script.
//
// A request belongs to a session by the credential it already sends (the
// SDK's `Authorization: Bearer <apiKey>`) or by `X-Drivemock-Session: <id>`
// (scope.h). Closing a session frees it; its journal entries keep
// its tag.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "model/entry.h"
#include "model/error_envelope.h"
#include "scenario/catalog.h"
#include "scenario/engine.h"
#include "scenario/scenario_store.h"
#include "session/memory_budget.h"
#include "util/result.h"

namespace drivemock::session {

/// What sessions may take. Open sessions are few at a time (a test closes
/// its own), so the cap is on those open; a session's memory is bounded by
/// the uuids no scenario names that it remembers and by its pushed sets.
struct SessionLimits {
  size_t max_open = 1000;
  size_t max_sets = 32;  ///< pushed sets in force in one session
  size_t max_name_bytes = 1024;
  size_t unnamed_uuids = 2048;               ///< per session (the baseline: 100,000)
  size_t unnamed_bytes = size_t{512} << 10;  ///< per session (the baseline: 64 MiB)
  size_t closed_remembered = 10000;  ///< closed ids kept, to say "closed" rather than "unknown"
  size_t max_bytes = kDefaultSessionBytes;  ///< all sessions together (memory_budget.h)
};

/// One open session.
class Session {
 public:
  Session(SessionTag tag, std::string api_key, Envelope envelope, const SessionLimits& limits);
  /// Gives back what it is counted at: after its close, once the last call
  /// that holds it has ended (a call that hangs holds its engine).
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  const std::shared_ptr<const SessionTag> tag;
  const std::string api_key;
  const std::chrono::system_clock::time_point opened = std::chrono::system_clock::now();
  uint64_t serial = 0;  ///< the how-manieth opened: the order sessions are listed in
  scenario::Engine engine;
  scenario::ScenarioStore store;  ///< its pushed sets over the baseline's

 private:
  friend class SessionRegistry;
  std::mutex charge_mutex_;
  std::shared_ptr<MemoryBudget> budget_;  ///< what it is counted in (null: nothing)
  size_t open_charged_ = 0;               ///< what its opening is counted at
  size_t sets_charged_ = 0;               ///< what its pushed sets and own catalog are counted at
  bool closed_ = false;                   ///< closed: counted as it was until it is freed
  int worst_outcome_ = 0;  ///< its test's worst outcome so far (0: none), under the registry's lock
};

using SessionPtr = std::shared_ptr<Session>;

/// A closed session as remembered (SessionLimits::closed_remembered of the
/// newest): its tag, for the journal entries of calls that still name it or
/// carry its key, and when it closed.
struct ClosedSession {
  std::shared_ptr<const SessionTag> tag;
  std::chrono::system_clock::time_point at;
};

/// Whose key a bearer token is: an open session's, a remembered closed
/// one's, or neither (an ordinary client's own credential).
struct KeyHolder {
  SessionPtr open;
  std::optional<ClosedSession> closed;
};

/// Why a session could not be found or opened.
struct SessionError {
  enum class Kind { unknown, closed, full, invalid, no_memory };
  Kind kind = Kind::unknown;
  std::string message;
  std::shared_ptr<const SessionTag> tag = {};  ///< a closed session's
};

/// Room held in the sessions' budget while a push is built; let go of when
/// it ends, once SessionRegistry::settle has counted what was kept.
class PushReservation {
 public:
  PushReservation(MemoryBudget& budget, size_t bytes) : budget_(&budget), bytes_(bytes) {}
  PushReservation(PushReservation&& other) noexcept
      : budget_(std::exchange(other.budget_, nullptr)), bytes_(other.bytes_) {}
  PushReservation(const PushReservation&) = delete;
  PushReservation& operator=(const PushReservation&) = delete;
  PushReservation& operator=(PushReservation&&) = delete;
  ~PushReservation() {
    if (budget_) budget_->release(bytes_);
  }

 private:
  MemoryBudget* budget_;
  size_t bytes_;
};

class SessionRegistry {
 public:
  explicit SessionRegistry(Envelope envelope = Envelope(), SessionLimits limits = {});

  /// Opens a session named `name` (else "session-N"), whose draws derive
  /// from `seed` and its name.
  Result<SessionPtr, SessionError> open(std::optional<std::string> name, uint64_t seed);
  /// Opens one session per name (nullopt: "session-N"), all or none: past
  /// the most open, or with one name too long, none opens.
  Result<std::vector<SessionPtr>, SessionError> open_many(
      std::vector<std::optional<std::string>> names, uint64_t seed);
  /// The open session of that id, or why there is none (unknown, closed).
  Result<SessionPtr, SessionError> by_id(std::string_view id) const;
  /// The session whose key this is, open or closed.
  KeyHolder by_key(std::string_view api_key) const;
  /// Closes the session: its memory is freed once its requests in flight end.
  Result<SessionPtr, SessionError> close(std::string_view id);
  /// Its pushed sets dropped, states, sequences, windows and draws back to
  /// the start (draws from `seed` and its name).
  Result<SessionPtr, SessionError> reset(std::string_view id, uint64_t seed);
  /// Whether an outcome of `rank` (control/test_outcome.h ranks them) is
  /// worse than the worst the test of session `id`, open or remembered
  /// closed, has had; it is then its worst. So a later, better outcome (a
  /// retry that passes) cannot hide a failure.
  bool worsen_outcome(std::string_view id, int rank);
  /// The open sessions, oldest first.
  std::vector<SessionPtr> list() const;
  /// Whether any session is open: a request without the session header
  /// skips the lookup of its credential when none is.
  bool any_open() const { return open_count_.load(std::memory_order_relaxed) > 0; }
  /// Whether any session is open or remembered closed: a bearer is looked up
  /// only then.
  bool any_known() const { return known_count_.load(std::memory_order_relaxed) > 0; }
  const SessionLimits& limits() const { return limits_; }

  /// Room in the sessions' budget for a push of `text_bytes` into a
  /// session, or why there is none (no_memory).
  Result<PushReservation, SessionError> reserve_push(size_t text_bytes);
  /// Counts `session`'s pushed sets as they are now (after a push, a
  /// delete, a reset, a change of the baseline), and the uuids its own
  /// catalog indexes (scenario/catalog.h: its sets' over the baseline's).
  void settle(Session& session);
  /// What all sessions are counted at, in bytes: the open ones, and closed
  /// ones a call still holds.
  size_t charged_bytes() const { return budget_->charged(); }

  /// The baseline changed (the baseline store's listener): every open
  /// session takes it under its own sets. A session whose sets do not fit
  /// over the new baseline keeps the old one, and the log says so.
  void rebase(const std::vector<scenario::SharedSet>& sets,
              std::shared_ptr<const scenario::Catalog> catalog);

 private:
  struct Closed {
    ClosedSession session;
    std::string api_key;
    int worst_outcome = 0;
  };
  SessionError not_open(std::string_view id) const;
  void count_known() { known_count_ = by_id_.size() + closed_.size(); }
  void remember_closed(const Session& session);

  /// What opening one session is counted at: its engine's budget for
  /// uuids no scenario names, and the empty session itself.
  size_t open_cost() const { return kOpenSessionBytes + limits_.unnamed_bytes; }

  const Envelope envelope_;
  const SessionLimits limits_;
  std::shared_ptr<MemoryBudget> budget_;  ///< shared with every session, which may outlive this
  mutable std::shared_mutex mutex_;
  std::unordered_map<std::string, SessionPtr> by_id_;
  std::unordered_map<std::string, SessionPtr> by_key_;
  std::unordered_map<std::string, Closed> closed_;            // by id
  std::unordered_map<std::string, std::string> closed_keys_;  // key -> id
  std::deque<std::string> closed_order_;
  std::vector<scenario::SharedSet> base_sets_;
  std::shared_ptr<const scenario::Catalog> base_catalog_;
  uint64_t opened_count_ = 0;
  std::atomic<size_t> open_count_{0};
  std::atomic<size_t> known_count_{0};
};

/// What a call naming a closed session, or carrying its key, is told.
std::string closed_message(const ClosedSession& closed);

/// The seed of a session's draws: the server's seed and the session's name,
/// so that a rerun with the same seed replays each test's draws whatever
/// ran beside it.
uint64_t session_seed(uint64_t seed, std::string_view name);

}  // namespace drivemock::session
