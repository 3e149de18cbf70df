// At the end of a run of the runner helpers: the calls drivemock refused as
// belonging to no open session (no_session, session_closed,
// unknown_session). A test that caught the SDK's error (`rejects.toThrow()`)
// stays green while its call escaped it; such a call belongs to no test
// drivemock can name (a closed session's key is the previous test's), so it
// fails the run, listing each call with drivemock's reason and the fix.
"use strict";

const { DrivemockError } = require("./errors");

const REFUSALS = ["no_session", "session_closed", "unknown_session"];
/** The calls a failure lists: the first few say what to fix. */
const MOST_LISTED = 10;

/** The journal's refused calls, oldest first. */
async function refusedCalls(mock) {
  const entries = await mock.violations();
  return entries.filter((e) => (e.violations ?? []).some((v) => REFUSALS.includes(v.rule)));
}

/** The error that fails the run for `refused` calls; null when there are none. */
function refusedCallsError(refused) {
  if (refused.length === 0) return null;
  const lines = refused.slice(0, MOST_LISTED).map((e) => {
    const violation = e.violations.find((v) => REFUSALS.includes(v.rule));
    // A refused call's uuid is not read out of it: its body still has it.
    const uuid = e.uuid ?? e.request?.json?.uuid;
    const what = `${e.operation ?? e.request?.url ?? "a call"}${typeof uuid === "string" ? ` of '${uuid}'` : ""}`;
    const whose = e.session ? ` (the key of session '${e.session.name}')` : "";
    return `${what}${whose}: ${violation.rule}: ${violation.message}`;
  });
  const more = refused.length > MOST_LISTED ? `\n  … and ${refused.length - MOST_LISTED} more` : "";
  return new DrivemockError(
    `drivemock: ${refused.length} call(s) of this run escaped their test's session and were refused ` +
      `(a test that caught the client's error stayed green):\n  ${lines.join("\n  ")}${more}\n` +
      "Give each client its test's session (for the SDK: filenTestConfig({ apiKey: session.apiKey })), or pass " +
      "allowRefusedCalls: true to the set-up if the run means them.",
    { code: "refused_calls" },
  );
}

/**
 * The error that fails a test for the SDK calls it made that drivemock
 * refused (`refused`: [{error, params}], the SDK's APIError and its request);
 * null when there are none. The test may have caught the SDK's error: its
 * call still escaped the test's session.
 */
function refusedInTestError(refused) {
  if (refused.length === 0) return null;
  const lines = refused.slice(0, MOST_LISTED).map(({ error, params }) => {
    const uuid = params?.data?.uuid;
    const what = `${params?.endpoint ?? "a call"}${typeof uuid === "string" ? ` of '${uuid}'` : ""}`;
    return `${what}: ${error.code}: ${error.message}`;
  });
  const more = refused.length > MOST_LISTED ? `\n  … and ${refused.length - MOST_LISTED} more` : "";
  return new DrivemockError(
    `drivemock: ${refused.length} SDK call(s) of this test were refused as no open session's ` +
      `(failed here even if the test caught the SDK's error):\n  ${lines.join("\n  ")}${more}\n` +
      "Make the test's SDK with filenTestConfig({ apiKey: session.apiKey }) of its own session, or pass " +
      "allowRefusedCalls: true to the helper (drivemockTest, drivemockSessions) if the test means them.",
    { code: "refused_calls" },
  );
}

module.exports = { refusedCalls, refusedCallsError, refusedInTestError, REFUSALS };
