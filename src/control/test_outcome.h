#pragma once
// A test's outcome, as the runner helpers send it when the test ends
// (POST /__admin/sessions/{id}/outcome): passed, failed or skipped, how long
// it took, and for a failure its message and where it was thrown. Kept as an
// admin event of the session ("test-outcome"), so that the report of a run
// and the dashboard's Sessions view put each failure beside the calls that
// led to it, and count tests as the runner does.

#include <rapidjson/document.h>

#include <memory>
#include <string>
#include <string_view>

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

/// How bad an outcome is: passed 1, skipped 2, failed 3. A session keeps
/// its test's worst (SessionRegistry::worsen_outcome), so that a later,
/// better one cannot hide it, and only an outcome that makes it worse is
/// kept as its event: a session has at most three, and one session's flood
/// cannot push other sessions' outcomes out of the events.
int outcome_rank(std::string_view state);

/// The session's "test-outcome" event: details outcome, durationMs, message, location.
journal::AdminEvent outcome_event(const TestOutcome& outcome,
                                  std::shared_ptr<const SessionTag> session);

}  // namespace drivemock::control
