#pragma once
// One journaled request: what the client sent, how drivemock classified it,
// and what it answered. Entries are kept by the hundred thousand, so the
// request is packed into one buffer (model/recorded_request.h) and an answer
// body taken from a scenario is shared with the scenario catalog instead of
// copied.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/recorded_request.h"
#include "model/redaction.h"
#include "model/reply.h"
#include "model/request.h"
#include "util/clock.h"
#include "util/name.h"

namespace drivemock {

/// A breach of the contract: a short rule id and a sentence for humans.
struct Violation {
  std::string rule;
  std::string message;
  std::string field = {};  ///< the body field concerned, if any (not journaled)
};

/// Which scenario rule served a request (rule is 1-based; nullopt for
/// defaults), which of its answers (`answer` of `answers`, 1-based: a
/// sequence's step, or a one_of's pick) and where the rule is written.
struct Matched {
  Name scenario;
  std::optional<int> rule;
  int answer = 0;  ///< 1-based; 0 when no rule answered
  int answers = 0;
  Name file = {};  ///< the rule's file ("pushed", "inline" for a text)
  int line = 0;    ///< 0: not from a document's text
  friend bool operator==(const Matched&, const Matched&) = default;
};

/// What the decide stage drew at random for a request (`--seed` replays it).
struct RandomDraw {
  std::optional<int> pick;      ///< the answer of a `one_of`, 1-based
  std::optional<int> delay_ms;  ///< a delay drawn from its distribution
};

/// The rate limit that refused a request: its file and its place in that
/// file's `limits:` list, from 1.
struct LimitHit {
  std::string file;
  int index = 0;
};

/// A rule of the request's uuid and operation that did not answer it, and
/// why: the first part of its `when` that failed.
struct NearMiss {
  int rule = 0;  ///< from 1, as Matched::rule
  std::string reason;
};

/// The session a request belonged to (sessions are opened through the admin
/// API, one per test): shared by all its entries, kept after it closes.
struct SessionTag {
  std::string id;
  std::string name;
};

/// What the decide stage learnt of a request beyond its rule: rare (most
/// requests draw nothing, pass every limit and match a rule), so an entry
/// keeps it behind a pointer that is null when there is none of it.
struct Scripting {
  std::optional<RandomDraw> random;  ///< when the answer drew anything
  std::optional<LimitHit> limited;   ///< when a rate limit answered 429 instead
  /// The uuid's rules for the operation, when none matched (defaults or the
  /// built-in answer served it): each with why it did not.
  std::vector<NearMiss> near_misses;
  /// For a uuid no scenario names: the scripted one that differs from it
  /// only in case or by at most two characters, the closest.
  std::optional<std::string> did_you_mean;
};

/// What drivemock answered (or how it failed to, for faults).
struct ResponseRecord {
  std::shared_ptr<const std::string> body;  ///< null when nothing was sent
  /// The answer's own headers (a scenario's, an upstream's), secrets
  /// redacted; shared with the answer when none is a secret. Null: none.
  /// What the HTTP layer adds (Content-Length, CORS) is not among them.
  std::shared_ptr<const std::vector<Header>> headers = {};
  // The small fields last, together: an entry is kept 100,000 times over.
  int status = 0;
  Fault fault = Fault::none;
  bool proxied = false;
  /// A success as the clients read it (model/outcome.h): the journal's
  /// `succeeded`, which the report and the dashboard show.
  bool succeeded = false;

  std::string_view body_text() const { return body ? std::string_view(*body) : std::string_view(); }
};

/// What the stages learnt about a request, as its journal entry keeps it. A
/// field added here is journaled as is: one more member, its JSON, and its
/// comparison where entries share one (same_plain in model/entry.cpp, held
/// to it by a static_assert on this struct's size).
struct Classification {
  /// The operation's name; empty for unknown paths. A Name (util/name.h),
  /// not a view: an added operation's definition goes with its catalog, the
  /// entry stays.
  Name operation;
  std::optional<Matched> matched;
  /// The uuid's state when its answer was chosen, named or not; empty
  /// when none was (an unknown uuid rejected, a rate limit, a bad call).
  Name state;
  /// A call of a dialect's operation (the SDK's lock) under a uuid no
  /// scenario names: the client made the uuid up, so it is not "unmatched".
  bool housekeeping = false;
  bool named = false;  ///< the uuid is named by a scenario
  std::vector<Violation> violations;
  /// Null when there is no Scripting to keep (see scripting()).
  std::shared_ptr<const Scripting> scripted;
  /// The session the request belonged to; null outside sessions.
  std::shared_ptr<const SessionTag> session;

  /// What was scripted, empty when nothing was.
  const Scripting& scripting() const {
    static const Scripting kNothing;
    return scripted ? *scripted : kNothing;
  }
};

/// One journaled request: what the client sent, what the stages learnt of it
/// (its Classification) and what drivemock answered.
///
/// The Classification is shared by the entries that learnt the same: most
/// calls of a test match the same rule in the same state with nothing else
/// to say, and an entry keeps 16 bytes for it instead of a hundred
/// (make_entry shares it with a recent entry of the same thread).
struct Entry {
  uint64_t id = 0;  ///< assigned by the journal, rising from 1
  std::chrono::system_clock::time_point logged;
  RecordedRequest request;
  ResponseRecord response;
  int64_t total_micros = 0;

  std::optional<std::string_view> uuid() const { return request.uuid(); }
  /// What the stages learnt of the request.
  const Classification& seen() const;
  /// The Classification as this entry's own to change (for entries built by
  /// hand: tests, imports), no longer shared with any other.
  Classification& classification();
  /// Sets what the stages learnt (null: nothing).
  void set_seen(std::shared_ptr<const Classification> seen) { seen_ = std::move(seen); }

 private:
  std::shared_ptr<const Classification> seen_;  ///< null: nothing learnt
};

using EntryPtr = std::shared_ptr<const Entry>;

/// Where a reply came from: drivemock itself, or the upstream while recording.
enum class Origin { drivemock, upstream };

/// What the stages produced for one request.
struct Handled {
  const RequestView& request;
  std::optional<std::string_view> uuid;  ///< as drivemock read it from the request
  Classification seen;
  const Reply& reply;
  Origin origin = Origin::drivemock;
};

/// The journal entry of one request, built once from what the stages
/// produced, with its time taken since `started` (on `clock`, which also
/// stamps the entry), secrets redacted as `redaction` says.
Entry make_entry(Handled handled, Clock::Steady started, const Clock& clock,
                 const Redaction& redaction = default_redaction());

}  // namespace drivemock
