#pragma once
// The rules a session's pushes script that none of its calls used: a test
// that scripts a failure its code under test never meets passes, testing
// nothing it scripted (issue 73). Listed at the session's close, with where
// each is written, for the runner helpers to fail the test with, as
// Mockito's strict stubs fail a test for a stubbing it never used.

#include <string>
#include <vector>

#include "session/session_registry.h"

namespace drivemock::session {

struct UnusedRule {
  std::string set;  ///< the pushed set's name
  std::string uuid;
  std::string operation;
  size_t rule = 0;  ///< 1-based, among the uuid's rules for the operation
  int line = 0;     ///< in the pushed text
};

/// The first `most` rules of the session's pushed sets' directories that no
/// call of the session was answered by.
std::vector<UnusedRule> unused_rules(const Session& session, size_t most);

}  // namespace drivemock::session
