// The tests a runner skipped (`skip`, `todo`, filtered out), reported as
// skipped the way every other test's outcome is: each gets a session of its
// name carrying the outcome, so that the report of the run counts them as
// the runner does.
"use strict";

/**
 * Opens a session for each of `tests` ({name, todo}), a hundred at a time
 * (fewer near drivemock's cap of open sessions), sends its outcome through
 * `sending` (an OutcomeQueue) and closes it, a few at once.
 */
async function reportSkipped(mock, tests, sending) {
  let size = 100;
  for (let i = 0; i < tests.length; ) {
    const chunk = tests.slice(i, i + size);
    let sessions;
    try {
      sessions = await mock.openSessions(chunk.map((t) => t.name));
    } catch (e) {
      // Near the cap (--max-sessions): fewer at once.
      if (e.code !== "too_many_sessions" || size === 1) throw e;
      size = Math.ceil(size / 2);
      continue;
    }
    i += chunk.length;
    sessions.forEach((session, j) =>
      sending.send(session, { outcome: "skipped", durationMs: 0, message: chunk[j].todo ? "todo" : "", location: "" }),
    );
    for (let j = 0; j < sessions.length; j += 8) await Promise.all(sessions.slice(j, j + 8).map((s) => s.close()));
  }
}

module.exports = { reportSkipped };
