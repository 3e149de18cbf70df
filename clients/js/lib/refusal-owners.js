// Which test an SDK call drivemock refused as no open session's belongs to
// (no_session, session_closed, unknown_session): the runner helpers fail
// that test with drivemock's sentence, also when the test caught the SDK's
// error (`rejects.toThrow()`), which would otherwise keep it green.
//
// connectFilenSdk tells this module of each such call (`notice`). Its owner
// is the test whose code made it: where the helper runs the test's function
// itself (drivemock/jest), the test in whose async context the call was
// made; elsewhere (the Vitest fixture and node:test hooks run beside the
// test's function, not around it) the one test running in this process, if
// there is exactly one. A call no test can own (concurrent tests, a call
// after its test ended) is left to the run's end (lib/refused-calls.js).
"use strict";

const { AsyncLocalStorage } = require("node:async_hooks");
const { refusedInTestError } = require("./refused-calls");

/**
 * The tests running in this process (Jest: in this test file), kept on the
 * global object: Vitest may load this module twice, once for its helper
 * and once for connectFilenSdk's require.
 */
const { running, context } = (globalThis[Symbol.for("drivemock.refusal-owners")] ??= {
  running: new Set(),
  context: new AsyncLocalStorage(),
});

/** A refused SDK call: `error` the SDK's APIError, `params` its request. */
function notice(error, params) {
  const owner = context.getStore() ?? (running.size === 1 ? [...running][0] : null);
  owner?.refused.push({ error, params });
}

/** A test starts: its scope, to pass to `within` and `end`. */
function begin() {
  const scope = { refused: [] };
  running.add(scope);
  return scope;
}

/** Runs `fn` (the test's function) with the calls it makes owned by `scope`. */
function within(scope, fn) {
  return context.run(scope, fn);
}

/** The test ends: the error that fails it for the calls it owns (null when none). */
function end(scope) {
  running.delete(scope);
  return refusedInTestError(scope.refused);
}

module.exports = { notice, begin, within, end };
