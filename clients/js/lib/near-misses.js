// After each test of the runner helpers: a call of the test's session whose
// uuid no scenario names but is a typo away from one the test's own pushes
// script, and which the test never called (`folder-abd` for `folder-abc`),
// fails the test. Answered by the defaults or the built-in answer, such a
// call looks like a success, and the test would pass having tested nothing
// it scripted. A near miss of the baseline's uuids, or of a uuid the test
// called too, is no typo of this test's (hand-made fixture uuids are a
// character apart: a test calling an unscripted `…00c2` on purpose is close
// to a scripted `…00c1`): the report shows it, and the test stands.
"use strict";

const { DrivemockError } = require("./errors");

/**
 * This test's own typo (drivemock judges it: src/session/near_miss_verdicts.h).
 * A drivemock that does not judge is taken at its word, as before.
 */
function isTypo(miss) {
  return miss.typo ?? true;
}

/** The error that fails a test whose session missed its own scripted uuids by a typo; null when none did. */
function nearMissError(nearMisses) {
  nearMisses = nearMisses.filter(isTypo);
  if (nearMisses.length === 0) return null;
  const lines = nearMisses.map((e) => `${e.operation} of '${e.uuid}': no scenario names it; did you mean '${e.didYouMean}'?`);
  return new DrivemockError(
    `drivemock: a call of this test missed a uuid it scripted by a typo (it got the default answer instead):\n  ${lines.join("\n  ")}\n` +
      "Correct the uuid, or pass allowNearMisses: true to drivemockTest / drivemockSessions if the test means it.",
    { code: "near_miss" },
  );
}

/**
 * The error that fails a test for the rules it pushed and no call of it used
 * (listed by drivemock: src/session/unused_rules.h), but those of sets
 * pushed with allowUnused; null when there are none. Such a test passes
 * without ever meeting what it scripted: a failure its code never sees.
 */
function unusedRulesError(unusedRules, allowedSets = new Set()) {
  const unused = unusedRules.filter((r) => !allowedSets.has(r.set));
  if (unused.length === 0) return null;
  const lines = unused.map((r) => `${r.operation} of '${r.uuid}', rule ${r.rule} (set '${r.set}', line ${r.line})`);
  return new DrivemockError(
    `drivemock: this test scripted answers that no call of it got, so it never tested them:\n  ${lines.join("\n  ")}\n` +
      "Make the calls, remove the rules, or push with { allowUnused: true } (allowUnusedRules: true to drivemockTest / drivemockSessions for every test).",
    { code: "unused_rules" },
  );
}

/**
 * Closes `session` after its test, then throws `refused` (the error for the
 * SDK calls of the test drivemock refused, lib/refusal-owners.js) if given,
 * else the near-miss error if its calls made any, else the unused-rules
 * error if it scripted rules no call used (each unless allowed): the
 * close's answer lists both, so a test ends with one admin call.
 */
async function endTestSession(session, { allowNearMisses = false, allowUnusedRules = false, refused = null } = {}) {
  const { nearMisses, unusedRules } = await session._closing();
  if (refused) throw refused;
  const error =
    (allowNearMisses ? null : nearMissError(nearMisses)) ??
    (allowUnusedRules ? null : unusedRulesError(unusedRules, session._unusedAllowed));
  if (error) throw error;
}

module.exports = { nearMissError, unusedRulesError, endTestSession };
