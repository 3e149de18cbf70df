// The one drivemock of a test run, as the runners' global set-ups start and
// stop it (drivemock/vitest/setup, drivemock/jest/setup, runNodeTests):
// sessions required, its URL and admin token in the environment the
// workers inherit, the dashboard announced, and at the end the run failed
// for the calls that escaped their tests (lib/refused-calls.js).
"use strict";

const path = require("node:path");
const { startDrivemock } = require("../index");
const { checkOptions, START_OPTIONS } = require("./options");
const { announceDashboard } = require("./dashboard-link");
const { refusedCalls, refusedCallsError } = require("./refused-calls");
const { URL_VARIABLE } = require("./run-names");

/** The options a global set-up takes: startDrivemock's, and allowRefusedCalls. */
const RUN_OPTIONS = [...START_OPTIONS, "allowRefusedCalls"];

/** The report's path unless the options say: in the working directory, where the run was started. */
const DEFAULT_REPORT = "drivemock-report.html";

/** Checks a global set-up's options (unknown names refused, with "did you mean"). */
function checkRunOptions(where, given) {
  checkOptions(where, given, RUN_OPTIONS);
}

/**
 * Starts the run's drivemock (startDrivemock's options, checked as `where`'s;
 * `report: false` writes none). Resolves with {mock, finish}: `finish()`
 * stops it, prints where the report is, and resolves with the error that
 * fails the run for its refused calls (null when none, or allowed).
 */
async function startRun(where, given = {}) {
  checkRunOptions(where, given);
  const { allowRefusedCalls = false, ...options } = given;
  const report = options.report === false ? undefined : path.resolve(options.report ?? DEFAULT_REPORT);
  // Every test of the run has its session: a call outside one escaped its
  // test, and is refused unless the options say otherwise.
  const mock = await startDrivemock({ requireSession: true, ...options, report });
  process.env[URL_VARIABLE] = mock.url;
  process.env.DRIVEMOCK_ADMIN_TOKEN = mock.adminToken ?? "";
  const forgetLink = announceDashboard(mock);
  const finish = async () => {
    try {
      return allowRefusedCalls ? null : refusedCallsError(await refusedCalls(mock));
    } finally {
      await mock.stop();
      forgetLink();
      if (report) console.log(`drivemock: report of the run in ${report}`);
    }
  };
  return { mock, finish };
}

module.exports = { startRun, checkRunOptions };
