// drivemock/vitest: a session per test. In a test file, `const test =
// drivemockTest()`: every test (concurrent ones too) gets `session` (and
// `drivemock`) in its context, a session named by its full name, closed
// after it. The run's one drivemock comes from drivemock/vitest/setup
// (Vitest's globalSetup), or from DRIVEMOCK_URL. See docs/parallel-tests.md.
import { test as baseTest, inject } from "vitest";
import filen from "./filen.js";
import names from "./lib/run-names.js";

const { fullName, runDrivemock } = names;
const SETUP_HINT = "add a global set-up with drivemockGlobalSetup (drivemock/vitest/setup) to Vitest's globalSetup (docs/parallel-tests.md)";

/** "file > describe > test": the test, its suites up to the file (which names itself by path). */
function taskName(task) {
  const parts = [];
  for (let t = task; t && t !== task.file; t = t.suite) parts.unshift(t.name);
  return fullName([task.file?.name ?? "", ...parts]);
}

let sdkConnected = null;

/**
 * A Vitest `test` whose every test has `drivemock` (the run's, attached)
 * and `session` (its own, named by its full name, closed after it) in its
 * context. `filen: true` connects the official SDK to the run's drivemock
 * once per worker; a test then makes its SDK with
 * `filenTestConfig({ apiKey: session.apiKey })`.
 */
export function drivemockTest({ test = baseTest, filen: withSdk = false } = {}) {
  return test.extend({
    drivemock: async ({}, use) => {
      const given = safeInject();
      const mock = await runDrivemock(given?.url, given?.adminToken ?? undefined, SETUP_HINT);
      if (withSdk && !sdkConnected) sdkConnected = filen.connectFilenSdk(mock);
      await use(mock);
    },
    session: [
      async ({ task, drivemock: mock }, use) => {
        const session = await mock.session(taskName(task));
        try {
          await use(session);
        } finally {
          await session.close();
        }
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
