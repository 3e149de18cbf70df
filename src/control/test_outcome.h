#pragma once
// A test's outcome, as the runner helpers send it when the test ends
// (POST /__admin/sessions/{id}/outcome): passed, failed or skipped, how long
// it took, and for a failure its message and where it was thrown. Kept as an
// admin event of the session ("test-outcome"), so that the report of a run
// and the dashboard's Sessions view put each failure beside the calls that
// led to it, and count tests as the runner does.

#include <rapidjson/document.h>

#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "journal/admin_events.h"
#include "util/result.h"

namespace drivemock::control {

struct TestOutcome {
  std::string state;  ///< "passed", "failed" or "skipped"
  double duration_ms = 0;
  std::string message;   ///< a failure's message, at most kMaxMessageBytes
  std::string location;  ///< where it was thrown (a stack line), at most kMaxLocationBytes
};

/// Longer text is cut (on a character boundary) and says so: a runner's
/// message can be a whole diff, and events are kept in memory.
inline constexpr size_t kMaxMessageBytes = 4096;
inline constexpr size_t kMaxLocationBytes = 512;

/// The outcome a request body gives, or what is wrong with it; `also` is
/// one more key allowed beside the outcome's own (a batch item's session).
Result<TestOutcome, Error> read_test_outcome(const rapidjson::Value& body,
                                             std::string_view also = {});

/// How many outcomes one POST /__admin/outcomes may carry.
inline constexpr size_t kMaxOutcomesPerBatch = 1000;

/// The worst outcome each session's test has had (failed over skipped over
/// passed), so that a later, better one cannot hide it: a runner's retry
/// that passes after a failure, or a caller sending `passed` after the
/// runner's `failed`, leaves the test failed. Only an outcome that makes a
/// session's worse is kept as its event, so a session has at most three,
/// and one session's flood cannot push other sessions' outcomes out of the
/// events. Remembers the newest kMaxRememberedSessions sessions.
class OutcomeLedger {
 public:
  /// Whether `state` ("passed", "skipped", "failed") is worse than the
  /// worst session `id` has had, or it has had none; it is then its worst.
  bool worsens(const std::string& id, std::string_view state);

  static constexpr size_t kMaxRememberedSessions = 100000;

 private:
  std::mutex mutex_;
  std::unordered_map<std::string, int> worst_;
  std::deque<std::string> order_;  ///< oldest first, for forgetting
};

/// The session's "test-outcome" event: details outcome, durationMs, message, location.
journal::AdminEvent outcome_event(const TestOutcome& outcome,
                                  std::shared_ptr<const SessionTag> session);

}  // namespace drivemock::control
