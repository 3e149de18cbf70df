// drivemock/vitest/setup: Vitest's global set-up, one drivemock for the
// whole run. A file named in `globalSetup` of vitest.config is
// `export default drivemockGlobalSetup({ ... })`. It imports nothing of
// Vitest: a global set-up runs outside the test workers, where Vitest's
// test API cannot load. See docs/parallel-tests.md.
import runs from "./lib/run-drivemock.js";

/**
 * Vitest's global set-up: starts one drivemock for the run (startDrivemock's
 * options; `report: false` writes none), gives its URL to every worker, and
 * stops it when the run ends, printing where the report is; the run fails
 * for the calls that escaped their tests' sessions (allowRefusedCalls).
 */
export function drivemockGlobalSetup(given = {}) {
  runs.checkRunOptions("drivemockGlobalSetup", given); // now: a typo fails where it is written
  return async function setup({ provide }) {
    const { mock, finish } = await runs.startRun("drivemockGlobalSetup", given);
    provide("drivemock", { url: mock.url, adminToken: mock.adminToken });
    return async () => {
      const refused = await finish();
      if (refused) throw refused;
    };
  };
}
