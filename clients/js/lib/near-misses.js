// After each test of the runner helpers: a call of the test's session whose
// uuid no scenario names but is a typo away from one that does (`folder-abd`
// for `folder-abc`) fails the test. Answered by the defaults or the built-in
// answer, such a call looks like a success, and the test would pass having
// tested nothing it scripted. A uuid no scenario comes close to stays fine.
"use strict";

const { DrivemockError } = require("./errors");

/** The error that fails a test whose session missed scripted uuids by a typo; null when none did. */
function nearMissError(nearMisses) {
  if (nearMisses.length === 0) return null;
  const lines = nearMisses.map((e) => `${e.operation} of '${e.uuid}': no scenario names it; did you mean '${e.didYouMean}'?`);
  return new DrivemockError(
    `drivemock: a call of this test missed a scripted uuid by a typo (it got the default answer instead):\n  ${lines.join("\n  ")}\n` +
      "Correct the uuid, or pass allowNearMisses: true to drivemockTest / drivemockSessions if the test means it.",
    { code: "near_miss" },
  );
}

/**
 * Closes `session` after its test, then throws the near-miss error if its
 * calls made any (unless allowed): the close's answer lists them, so a test
 * ends with one admin call.
 */
async function endTestSession(session, { allowNearMisses = false } = {}) {
  const nearMisses = await session._closing();
  const error = allowNearMisses ? null : nearMissError(nearMisses);
  if (error) throw error;
}

module.exports = { nearMissError, endTestSession };
