// drivemock/playwright/setup: Playwright's global set-up, one drivemock for
// the whole run. The file named in `globalSetup` of playwright.config is
// `export default drivemockGlobalSetup({ ... })`; Playwright calls what it
// returns as the run's tear-down. Workers start after it and inherit
// DRIVEMOCK_URL. See docs/playwright.md.
"use strict";

const { startRun, checkRunOptions } = require("./lib/run-drivemock");

/**
 * Playwright's global set-up: starts one drivemock for the run
 * (startDrivemock's options; `report: false` writes none); the tear-down it
 * returns stops it, and fails the run for the calls that escaped their
 * tests' sessions (unless allowRefusedCalls).
 */
function drivemockGlobalSetup(given = {}) {
  checkRunOptions("drivemockGlobalSetup", given); // now: a typo fails where it is written
  return async function globalSetup() {
    const { finish } = await startRun("drivemockGlobalSetup", given);
    return async function globalTeardown() {
      const refused = await finish();
      if (refused) throw refused;
    };
  };
}

module.exports = { drivemockGlobalSetup };
