// drivemock/jest/setup: Jest's global set-up and tear-down, one drivemock
// for the whole run. The file named in `globalSetup` of jest.config is
// `module.exports = drivemockGlobalSetup({ ... })`; `globalTeardown` is
// "drivemock/jest/teardown". Jest runs both in its main process, before the
// workers start (they inherit DRIVEMOCK_URL) and after they end; they share
// that process's global object, where the run is kept. See docs/jest.md.
"use strict";

const { startRun, checkRunOptions } = require("./lib/run-drivemock");

/** Where the running drivemock is kept between the two (a registered symbol: each may load its own copy of this module). */
const RUN = Symbol.for("drivemock.jest.run");

/**
 * Jest's global set-up: starts one drivemock for the run (startDrivemock's
 * options; `report: false` writes none); its URL and admin token reach
 * every worker through the environment.
 */
function drivemockGlobalSetup(given = {}) {
  checkRunOptions("drivemockGlobalSetup", given); // now: a typo fails where it is written
  return async function globalSetup() {
    if (globalThis[RUN]) throw new Error("drivemock: the run's drivemock is started already (globalSetup twice?)");
    globalThis[RUN] = await startRun("drivemockGlobalSetup", given);
  };
}

/**
 * Jest's global tear-down: stops the run's drivemock, printing where the
 * report is; the run fails for the calls that escaped their tests'
 * sessions (unless the set-up's allowRefusedCalls): the reason printed,
 * exit code 1. Not thrown: Jest writes its results (--json, --outputFile)
 * after the tear-down, and a throw would lose them; under --forceExit,
 * where Jest exits with its own code before reading the process's, it is.
 */
async function drivemockGlobalTeardown(globalConfig = {}) {
  const run = globalThis[RUN];
  globalThis[RUN] = undefined;
  if (!run) return; // the set-up failed, and said why
  const refused = await run.finish();
  if (!refused) return;
  if (globalConfig.forceExit) throw refused;
  console.error(refused.message);
  process.exitCode = 1;
}

module.exports = { drivemockGlobalSetup, drivemockGlobalTeardown };
