// drivemock/jest: a session per test under Jest. `drivemockTest(name, fn)`
// and `drivemockTest.concurrent(name, fn)` register Jest tests whose `fn`
// gets `{ session, drivemock }`: a session of the run's drivemock named by
// the test's full name, closed after it. The run's drivemock comes from
// drivemock/jest/setup (Jest's globalSetup), or DRIVEMOCK_URL. A wrapper
// rather than hooks: Jest's beforeEach/afterEach do not wrap concurrent
// tests. Jest loads this module once per test file (its module registry is
// per file), so the file's own state lives here. See docs/jest.md.
"use strict";

const jestGlobals = require("@jest/globals");
const filen = require("./filen");
const { fullName, runDrivemock } = require("./lib/run-names");
const { checkOptions } = require("./lib/options");
const { endTestSession } = require("./lib/near-misses");
const { OutcomeQueue } = require("./lib/outcomes");
const { SessionSupply } = require("./lib/session-supply");
const owners = require("./lib/refusal-owners");
const { DrivemockError } = require("./lib/errors");
const { reportSkipped } = require("./lib/skipped-tests");
const tree = require("./lib/jest-tree");

const SETUP_HINT = "add drivemockGlobalSetup (drivemock/jest/setup) to Jest's globalSetup (docs/jest.md)";
const OPTIONS = ["filen", "allowNearMisses", "allowUnusedRules", "allowRefusedCalls"];

/** The SDK's budget under drivemockTest: a hanging call fails in about 3 s, inside Jest's 5 s time-out. */
const TEST_SDK_BUDGET = { maxRetries: 3, requestTimeoutMs: 1000 };

/** This file's state: Jest evaluates this module once per test file. */
const file = {
  // Strict: a push with warnings rejects (push(yaml, { failOnWarnings: false }) lets one through).
  supply: new SessionSupply({ failOnWarnings: true }),
  /** test entry → {session, startedAt, ended} of each test that took one */
  sessions: new Map(),
  mock: null,
  /** the SDK's routing to `mock`, made by the first test that asks for it */
  sdk: null,
};

/** Routes this file's SDK (its own copy: Jest's registry is per file) to `mock`, once. */
function routeSdk(mock, budget) {
  file.sdk ??= Promise.resolve().then(() => filen.connectFilenSdk(mock, budget));
  return file.sdk;
}

/**
 * Runs one test: its session taken (opened ahead with the file's next
 * tests'), `fn` called with it, then its session closed, failing the test
 * for a refused SDK call, a near miss or an unused rule it made.
 */
async function runTest(options, fn) {
  const entry = tree.currentTest();
  const mock = await runDrivemock(undefined, undefined, SETUP_HINT);
  file.mock = mock;
  if (options.filen) {
    const budget = typeof options.filen === "object" ? { ...TEST_SDK_BUDGET, ...options.filen } : TEST_SDK_BUDGET;
    await routeSdk(mock, budget);
  }
  const key = entry ?? fn;
  const session = await file.supply.take(mock, key, () => tree.upcoming(entry, key, isOurs));
  const record = { session, startedAt: Date.now(), ended: false };
  file.sessions.set(key, record);
  // A refused SDK call counts against the test whose awaits made it,
  // whatever the test did with the error the SDK threw.
  const scope = owners.begin();
  let failure = null;
  try {
    await owners.within(scope, () => fn({ session, drivemock: mock }));
  } catch (e) {
    failure = e;
  }
  record.ended = true;
  const ownRefusals = owners.end(scope);
  const refused = options.allowRefusedCalls ? null : ownRefusals;
  // The test's own failure first, then its refused calls; a test failed for
  // either is not failed again for the rules it did not get to.
  const ending = endTestSession(session, {
    allowNearMisses: options.allowNearMisses,
    allowUnusedRules: options.allowUnusedRules || failure !== null || refused !== null,
  });
  if (failure || refused) {
    // A typo of the test's own uuid is the likelier reason of its failure:
    // drivemock's word first, the test's failure as its cause.
    const typo = await ending.then(
      () => null,
      (e) => (e.code === "near_miss" ? e : null),
    );
    if (typo && failure) throw new DrivemockError(`${typo.message}\nThe test failed too (its error follows).`, { code: "near_miss", cause: failure });
    throw failure ?? refused;
  }
  await ending;
}

/** Marks the functions this module gave Jest: its tests among the file's. */
const OURS = Symbol("drivemock test");
const isOurs = (entry) => entry.fn?.[OURS] === true;

/** A Jest test function (`test`, `test.concurrent`, their `only`/`skip`) whose tests take sessions. */
function wrapping(register, options) {
  return (name, fn, timeout) => {
    if (typeof fn !== "function") throw new TypeError(`drivemockTest('${name}'): expected the test's function`);
    const body = () => runTest(options, fn);
    body[OURS] = true;
    return register(name, body, timeout);
  };
}

/** drivemockTest with its options: the function, .concurrent, .only, .skip, .todo, .with(). */
function makeTest(options) {
  checkOptions("drivemockTest.with", options, OPTIONS);
  const { test } = jestGlobals;
  const run = wrapping(test, options);
  run.only = wrapping(test.only, options);
  run.skip = wrapping(test.skip, options);
  run.todo = (name) => test.todo(name);
  run.concurrent = wrapping(test.concurrent, options);
  run.concurrent.only = wrapping(test.concurrent.only, options);
  run.concurrent.skip = wrapping(test.concurrent.skip, options);
  run.with = (more) => makeTest({ ...options, ...more });
  return run;
}

/**
 * The file's end, after its tests: the sessions taken and not ended (a
 * test that timed out) closed, those no test took closed, each test's
 * outcome (Jest's own verdict and message) and the skipped tests sent in
 * one admin call, the SDK's routing undone.
 */
async function endFile() {
  const sending = new OutcomeQueue();
  for (const [key, record] of file.sessions) {
    if (!record.ended) await record.session.close();
    sending.send(record.session, tree.outcomeOf(key, record.startedAt));
  }
  await file.supply.drain();
  if (file.mock) await reportSkipped(file.mock, tree.skippedTests(isOurs), sending);
  await sending.flush();
  await (await file.sdk)?.disconnect();
}

jestGlobals.afterAll(endFile);

/** The Jest `test` whose tests take sessions: `drivemockTest(name, fn)`, `.concurrent`, `.with({ filen: true })`. */
const drivemockTest = makeTest({});

module.exports = { drivemockTest };
