// What the test-runner helpers share: a test's full name for its session,
// and the drivemock of the run (one started by a global set-up, or one
// already running that DRIVEMOCK_URL names).
"use strict";

const { attachDrivemock } = require("../index");

/** The environment variable that names the run's drivemock (a global set-up sets it). */
const URL_VARIABLE = "DRIVEMOCK_URL";

/** "file > describe > test": the names from the outermost in, empty ones left out. */
function fullName(parts) {
  return parts.filter((p) => typeof p === "string" && p !== "").join(" > ");
}

/**
 * The run's drivemock, attached once per worker process (memoised):
 * `url` (else DRIVEMOCK_URL) with `adminToken` (else DRIVEMOCK_ADMIN_TOKEN,
 * which the global set-ups export beside it), or a clear error saying how
 * to get one.
 */
let attached = null;
function runDrivemock(url, adminToken, setupHint) {
  const where = url ?? process.env[URL_VARIABLE];
  if (!where) {
    return Promise.reject(
      new Error(`drivemock: no drivemock for this run; ${setupHint}, or set ${URL_VARIABLE} to a running drivemock's URL`),
    );
  }
  if (!attached || attached.url !== where) {
    const token = adminToken ?? (process.env.DRIVEMOCK_ADMIN_TOKEN || undefined);
    attached = { url: where, mock: attachDrivemock(where, { adminToken: token }) };
  }
  return attached.mock;
}

module.exports = { URL_VARIABLE, fullName, runDrivemock };
