// drivemock/node-test: one drivemock for a `node --test` run, a session per
// test. `runNodeTests()` starts drivemock, runs `node --test` with
// DRIVEMOCK_URL set, and stops it; in a test file, `drivemockSessions()`
// gives every test a session named by its full name (closed after it),
// read with `sessions.of(t)`. A file run on its own (no DRIVEMOCK_URL)
// starts a drivemock of its own. See docs/parallel-tests.md.
"use strict";

const path = require("node:path");
const { spawn } = require("node:child_process");
const test = require("node:test");
const { startDrivemock } = require("./index");
const { endTestSession } = require("./lib/near-misses");
const { nodeTestOutcome, OutcomeQueue } = require("./lib/outcomes");
const { checkOptions, START_OPTIONS } = require("./lib/options");
const { startRun } = require("./lib/run-drivemock");
const owners = require("./lib/refusal-owners");
const { connectFilenSdk } = require("./filen");
const { URL_VARIABLE, fullName } = require("./lib/run-names");
const names = require("./lib/run-names");

/**
 * Starts drivemock (startDrivemock's options under `drivemock`; its report
 * by default in drivemock-report.html), runs `node --test ...args` with
 * DRIVEMOCK_URL, stops drivemock; resolves with the run's exit code.
 */
async function runNodeTests(given = {}) {
  checkOptions("runNodeTests", given, ["drivemock", "args", "allowRefusedCalls"]);
  const { drivemock: options = {}, args = [], allowRefusedCalls = false } = given;
  checkOptions("runNodeTests: drivemock", options, START_OPTIONS);
  // Sets DRIVEMOCK_URL and DRIVEMOCK_ADMIN_TOKEN, which the run inherits.
  const { finish } = await startRun("runNodeTests: drivemock", { ...options, allowRefusedCalls });
  let code = 1;
  try {
    const child = spawn(process.execPath, ["--test", ...args], { stdio: "inherit" });
    code = await new Promise((resolve) => child.once("exit", (c, signal) => resolve(c ?? (signal ? 1 : 0))));
  } finally {
    const refused = await finish();
    if (refused) {
      console.error(refused.message);
      code ||= 1;
    }
  }
  return code;
}

/**
 * Registers hooks in this test file: before each test a session named
 * "file > test", after it the session closed. `filen: true` connects the
 * official SDK to the run's drivemock. Options of a file's own drivemock
 * (when no DRIVEMOCK_URL names the run's) under `start`.
 */
function drivemockSessions(options = {}) {
  checkOptions("drivemockSessions", options, ["url", "adminToken", "filen", "start", "allowNearMisses", "allowUnusedRules", "allowRefusedCalls"]);
  const { url, adminToken, filen = false, start = {}, allowNearMisses = false, allowUnusedRules = false, allowRefusedCalls = false } = options;
  const file = path.basename(process.argv[1] ?? "");
  // Keyed by the test's context: the hooks get the very object the test does.
  const byTest = new WeakMap();
  let own = null;
  let connection = null;
  const state = {
    /** The run's drivemock (attached), or this file's own. */
    drivemock: null,
    /** The session of the test whose context `t` is. */
    of(t) {
      const session = byTest.get(t);
      if (!session) throw new Error(`drivemock: no session for test '${t.name}'; call drivemockSessions() at the top of the file`);
      return session;
    },
  };
  test.before(async () => {
    const where = url ?? process.env[URL_VARIABLE];
    if (where) {
      state.drivemock = await names.runDrivemock(where, adminToken, "");
    } else {
      own = await startDrivemock({ ...(filen ? { preset: "filen" } : {}), ...start });
      state.drivemock = own;
    }
    if (filen) connection = connectFilenSdk(state.drivemock);
  });
  // Outcomes go while the next test runs; the file's last hook waits for them.
  const sending = new OutcomeQueue();
  // Sessions whose test has not ended through afterEach: Node runs no
  // afterEach for a test that skipped itself; the file's end closes them.
  const unended = new Map();
  test.after(async () => {
    for (const [t, session] of unended) {
      owners.end(scopes.get(t));
      await session.close();
      sending.send(session, { outcome: skipped.has(t) ? "skipped" : "passed", durationMs: Date.now() - startedAt.get(t) });
    }
    unended.clear();
    await sending.flush();
    await connection?.disconnect();
    await own?.stop();
  });
  // A test that skips itself (t.skip(), t.todo()) is reported so, not as
  // passed: Node tells hooks only whether a test passed.
  const skipped = new WeakSet();
  const startedAt = new WeakMap();
  const scopes = new WeakMap();
  test.beforeEach(async (t) => {
    startedAt.set(t, Date.now());
    for (const method of ["skip", "todo"]) {
      const own = t[method].bind(t);
      t[method] = (...args) => {
        skipped.add(t);
        return own(...args);
      };
    }
    // Strict: a push with warnings rejects (session.push(yaml, { failOnWarnings: false }) lets one through).
    const session = await state.drivemock.session(fullName([file, t.fullName ?? t.name]), { failOnWarnings: true });
    byTest.set(t, session);
    unended.set(t, session);
    // The SDK calls drivemock refuses while this test alone runs in the
    // process are its own (lib/refusal-owners.js).
    scopes.set(t, owners.begin());
  });
  test.afterEach(async (t) => {
    const session = byTest.get(t);
    byTest.delete(t);
    unended.delete(t);
    if (!session) return;
    const refused = owners.end(scopes.get(t));
    try {
      // A test that skipped itself, or failed (where Node says), is not
      // failed for the rules it did not get to: only one that passed is.
      const unusedAllowed = allowUnusedRules || skipped.has(t) || t.passed === false;
      await endTestSession(session, {
        allowNearMisses,
        allowUnusedRules: unusedAllowed,
        refused: allowRefusedCalls || t.passed === false ? null : refused,
      });
    } catch (e) {
      // The near miss fails the test: the report says so. Node shows only a
      // failed test's own error: a typo that explains it is a diagnostic
      // of the test, printed beside that error (also where Node does not
      // say whether the test passed: 18's hooks).
      if (t.passed !== true && typeof t.diagnostic === "function") t.diagnostic(e.message);
      sending.send(session, { outcome: "failed", durationMs: Date.now() - startedAt.get(t), message: e.message });
      throw e;
    }
    const outcome = nodeTestOutcome(t, startedAt.get(t), process.argv[1]);
    if (outcome && skipped.has(t)) outcome.outcome = "skipped";
    sending.send(session, outcome);
  });
  return state;
}

module.exports = { runNodeTests, drivemockSessions };
