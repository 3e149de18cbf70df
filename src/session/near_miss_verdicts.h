#pragma once
// Whether a session's near-miss call (a uuid no scenario names, a typo away
// from one that does) is its test's own typo. Hand-made fixture uuids are a
// character or two apart (`…0001`, `…00c1`): a test that calls an unscripted
// uuid, expecting the built-in answer, is a near miss of whatever scripted
// uuid is closest, the baseline's or one its test called itself. Only a miss
// of a uuid the session's own pushes script, which the session never called,
// is a typo the runner helpers fail the test for; the others are shown in the
// report (issue 73).

#include <vector>

#include "scenario/near_miss_calls.h"
#include "session/session_registry.h"

namespace drivemock::session {

struct JudgedNearMiss {
  scenario::NearMissCall call;
  bool own_script = false;         ///< a set pushed in this session scripts `did_you_mean`
  bool suggestion_called = false;  ///< and the session called `did_you_mean` itself
  /// The test's own typo: a uuid it scripted and never called.
  bool is_typo() const { return own_script && !suggestion_called; }
};

/// The session's near-miss calls, each judged.
std::vector<JudgedNearMiss> judged_near_misses(const Session& session);

}  // namespace drivemock::session
