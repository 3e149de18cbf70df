// drivemock/vitest: a session per test. In a test file, `const test =
// drivemockTest()`: every test (concurrent ones too) gets `session` (and
// `drivemock`) in its context, a session named by its full name, closed
// after it. The run's one drivemock comes from drivemock/vitest/setup
// (Vitest's globalSetup), or from DRIVEMOCK_URL. See docs/parallel-tests.md.
import { test as baseTest, inject } from "vitest";
import filen from "./filen.js";
import names from "./lib/run-names.js";
import checked from "./lib/options.js";
import ends from "./lib/near-misses.js";
import outcomes from "./lib/outcomes.js";
import supplies from "./lib/session-supply.js";
import skips from "./lib/skipped-tests.js";
import owners from "./lib/refusal-owners.js";

const { fullName, runDrivemock } = names;
const { checkOptions } = checked;
const SETUP_HINT = "add a global set-up with drivemockGlobalSetup (drivemock/vitest/setup) to Vitest's globalSetup (docs/parallel-tests.md)";

/** "file > describe > test": the test, its suites up to the file (which names itself by path). */
function taskName(task) {
  const parts = [];
  for (let t = task; t && t !== task.file; t = t.suite) parts.unshift(t.name);
  return fullName([task.file?.name ?? "", ...parts]);
}

/** The tests of a suite or file, depth first: the order they run in, concurrent ones aside. */
function testsOf(suite) {
  const tests = [];
  for (const t of suite.tasks ?? []) {
    if (t.type === "test") tests.push(t);
    else tests.push(...testsOf(t));
  }
  return tests;
}

const runs = (t) => t.mode === "run" || t.mode === "queued";

/** {key, name} of `task` and of the file's tests after it that will run: whose sessions to open with its own. */
function upcoming(task, tests) {
  const at = tests.indexOf(task);
  const rest = at < 0 ? [] : tests.slice(at + 1).filter(runs);
  return [task, ...rest].map((t) => ({ key: t.id, name: taskName(t) }));
}

/**
 * The file's sessions no test took closed, its skipped tests reported (once
 * its tests have run, so as not to take sessions they need), its outcomes
 * delivered.
 */
async function settle(file, sending) {
  await file.supply.drain();
  // The file's statically skipped tests (`skip`, `todo`, filtered out by -t or .only).
  const skipped = () => file.tests.filter((t) => !runs(t)).map((t) => ({ name: taskName(t), todo: t.mode === "todo" }));
  if (file.mock && file.tests) file.skipped ??= skips.reportSkipped(file.mock, skipped(), sending);
  await file.skipped;
  await sending.flush();
}

/**
 * The SDK's budget under drivemockTest: a call that hangs fails after
 * maxRetries × requestTimeoutMs, about 3 s, inside Vitest's 5 s test time-out
 * (connectFilenSdk's own defaults, 3 × 2 s, are not).
 */
const TEST_SDK_BUDGET = { maxRetries: 3, requestTimeoutMs: 1000 };

/** Where this worker's SDK is routed: {port, ready: a promise of the connection}, or null. */
let sdkRoute = null;

/**
 * Routes the SDK of this worker to `mock`, again when the test's drivemock
 * changed (a file with a drivemock of its own, under --no-isolate, shares the
 * module with others): a test's SDK calls reach its own drivemock.
 */
async function routeSdk(mock, budget) {
  if (sdkRoute?.port !== mock.port) {
    const previous = sdkRoute;
    // Set at once: a concurrent test of the same drivemock waits on this
    // connection rather than making its own.
    sdkRoute = {
      port: mock.port,
      ready: (async () => {
        await (await previous?.ready)?.disconnect();
        return filen.connectFilenSdk(mock, budget);
      })(),
    };
  }
  await sdkRoute.ready;
}

/**
 * A Vitest `test` whose every test has `drivemock` (the run's, attached)
 * and `session` (its own, named by its full name, closed after it) in its
 * context. `filen: true` routes the official SDK to the test's drivemock
 * (again whenever it changes), with a budget inside Vitest's time-out;
 * `filen: {maxRetries, requestTimeoutMs, retryTimeout}` sets another. A test
 * then makes its SDK with `filenTestConfig({ apiKey: session.apiKey })`.
 */
export function drivemockTest(options = {}) {
  checkOptions("drivemockTest", options, ["test", "filen", "allowNearMisses", "allowUnusedRules", "allowRefusedCalls"]);
  const { test = baseTest, filen: withSdk = false, allowNearMisses = false, allowUnusedRules = false, allowRefusedCalls = false } = options;
  const budget = withSdk && typeof withSdk === "object" ? { ...TEST_SDK_BUDGET, ...withSdk } : TEST_SDK_BUDGET;
  const sending = new outcomes.OutcomeQueue();
  return test.extend({
    // Once per file, wherever drivemockTest() was called (a shared module
    // too, under --no-isolate): its tests' sessions opened ahead, a batch at
    // a time; the file ends when the unused ones are closed and its tests'
    // outcomes have arrived. A per-file fixture needs Vitest 3.2.
    drivemockFile: [
      async ({}, use) => {
        // Strict: a push with warnings rejects (session.push(yaml, { failOnWarnings: false }) lets one through).
        const file = { supply: new supplies.SessionSupply({ failOnWarnings: true }), mock: null, tests: null, runnable: 0, finished: new Set(), skipped: null };
        await use(file);
        await settle(file, sending);
      },
      { scope: "file", auto: true },
    ],
    drivemock: async ({}, use) => {
      const given = safeInject();
      const mock = await runDrivemock(given?.url, given?.adminToken ?? undefined, SETUP_HINT);
      if (withSdk) await routeSdk(mock, budget);
      await use(mock);
    },
    session: [
      async ({ task, drivemock: mock, drivemockFile: file, onTestFinished }, use) => {
        if (!file.tests) {
          file.tests = testsOf(task.file);
          file.runnable = file.tests.filter(runs).length;
        }
        file.mock = mock;
        const session = await file.supply.take(mock, task.id, () => upcoming(task, file.tests));
        // Vitest calls it once the test's result is known, after this
        // fixture's teardown (its near-miss check included): the outcome
        // goes to the closed session, sent while the next test runs.
        onTestFinished(async ({ task: finished }) => {
          sending.send(session, outcomes.vitestOutcome(finished ?? task));
          file.finished.add(task.id);
          // The file's last test: its outcomes are delivered now, before the
          // file's afterAll hooks, which may stop a drivemock of its own.
          if (file.finished.size >= file.runnable) await settle(file, sending);
        });
        // The SDK calls drivemock refuses while this test alone runs in the
        // worker are its own (lib/refusal-owners.js).
        const scope = owners.begin();
        try {
          await use(session);
        } catch (e) {
          owners.end(scope);
          await session.close();
          throw e;
        }
        // After the test, passed or failed (Vitest's use() resolves either
        // way): its refused calls and near misses fail it, and its session
        // closes. A test that skipped itself, or failed, is not failed for
        // the rules it did not get to: only one that passed is.
        const state = task.result?.state;
        const refused = owners.end(scope);
        const unusedAllowed = allowUnusedRules || state === "skip" || state === "fail";
        await ends.endTestSession(session, {
          allowNearMisses,
          allowUnusedRules: unusedAllowed,
          refused: allowRefusedCalls || state === "fail" ? null : refused,
        });
      },
      { auto: true },
    ],
  });
}

/** What the global set-up provided; undefined outside one. */
function safeInject() {
  try {
    return inject("drivemock");
  } catch {
    return undefined;
  }
}
