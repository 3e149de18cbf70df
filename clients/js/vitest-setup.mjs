// drivemock/vitest/setup: Vitest's global set-up, one drivemock for the
// whole run. A file named in `globalSetup` of vitest.config is
// `export default drivemockGlobalSetup({ ... })`. It imports nothing of
// Vitest: a global set-up runs outside the test workers, where Vitest's
// test API cannot load. See docs/parallel-tests.md.
import path from "node:path";
import drivemock from "./index.js";
import names from "./lib/run-names.js";
import checked from "./lib/options.js";
import dashboard from "./lib/dashboard-link.js";
import refusals from "./lib/refused-calls.js";

const { startDrivemock } = drivemock;
const { checkOptions, START_OPTIONS } = checked;
const { URL_VARIABLE } = names;

/** The report's path unless the options say: in the working directory, where the run was started. */
const DEFAULT_REPORT = "drivemock-report.html";

/**
 * Vitest's global set-up: starts one drivemock for the run (startDrivemock's
 * options; `report: false` writes none), gives its URL to every worker, and
 * stops it when the run ends, printing where the report is.
 */
export function drivemockGlobalSetup(given = {}) {
  checkOptions("drivemockGlobalSetup", given, [...START_OPTIONS, "allowRefusedCalls"]);
  const { allowRefusedCalls = false, ...options } = given;
  return async function setup({ provide }) {
    const report = options.report === false ? undefined : path.resolve(options.report ?? DEFAULT_REPORT);
    // Every test of the run has its session (drivemockTest): a call outside
    // one escaped its test, and is refused unless the options say otherwise.
    const mock = await startDrivemock({ requireSession: true, ...options, report });
    provide("drivemock", { url: mock.url, adminToken: mock.adminToken });
    process.env[URL_VARIABLE] = mock.url;
    const forgetLink = dashboard.announceDashboard(mock);
    return async () => {
      // The run fails for the calls that escaped their tests (lib/refused-calls.js).
      const refused = allowRefusedCalls ? null : refusals.refusedCallsError(await refusals.refusedCalls(mock));
      await mock.stop();
      forgetLink();
      if (report) console.log(`drivemock: report of the run in ${report}`);
      if (refused) throw refused;
    };
  };
}

