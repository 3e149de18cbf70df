// drivemock for JavaScript test suites: starts the drivemock binary as a
// child process, or attaches to one already running, and speaks its admin
// API. See README.md and index.d.ts.
"use strict";

const crypto = require("node:crypto");

const { findBinary } = require("./lib/binary");
const { Drivemock } = require("./lib/drivemock");
const { DrivemockError } = require("./lib/errors");
const { checkOptions, START_OPTIONS } = require("./lib/options");
const { spawnDrivemock } = require("./lib/process");
const { Session } = require("./lib/session");

/**
 * Starts drivemock (on a free port of 127.0.0.1 unless `port`/`host` say)
 * and resolves once it listens. The child stops when this process dies,
 * however it dies.
 * @param {import("./index").StartOptions} [options]
 * @returns {Promise<Drivemock>}
 */
async function startDrivemock(options = {}) {
  checkOptions("startDrivemock", options, START_OPTIONS);
  if (options.preset !== undefined && options.preset !== "filen") {
    throw new DrivemockError(`unknown preset '${options.preset}'; expected "filen"`, { code: "invalid_options" });
  }
  const bin = findBinary(options.bin, { env: { ...process.env, ...options.env } });
  // A token unless told otherwise: on a shared CI runner every local user
  // reaches loopback, and without one could read the journal or change the
  // scenarios of this run. `adminToken: false` starts drivemock without.
  const adminToken = options.adminToken === false ? undefined : (options.adminToken ?? randomToken());
  const resolved = { ...options, adminToken };
  return new Drivemock(await spawnDrivemock(bin, resolved), resolved);
}

/** A token no other local user can guess: 192 random bits, URL-safe. */
function randomToken() {
  return crypto.randomBytes(24).toString("base64url");
}

/**
 * A Drivemock for one already running at `url` (docker compose, `make run`,
 * a shared QA drivemock, a global set-up's): it does not own the process,
 * and its stop() detaches. Resolves once drivemock answers its health call.
 * @param {string} url
 * @param {import("./index").AttachOptions} [options]
 * @returns {Promise<Drivemock>}
 */
async function attachDrivemock(url, options = {}) {
  checkOptions("attachDrivemock", options, ["adminToken"]);
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new DrivemockError(`attachDrivemock: '${url}' is not a URL; expected e.g. http://127.0.0.1:8080`, {
      code: "invalid_options",
    });
  }
  if (parsed.protocol !== "http:") {
    throw new DrivemockError(`attachDrivemock: '${url}' is not http://; the admin API is on drivemock's plain port`, {
      code: "invalid_options",
    });
  }
  const base = `${parsed.protocol}//${parsed.host}`;
  const adminToken = options.adminToken ?? process.env.DRIVEMOCK_ADMIN_TOKEN;
  const mock = new Drivemock({ child: null, url: base, port: Number(parsed.port || 80) }, { ...options, adminToken });
  try {
    await mock.health();
  } catch (e) {
    await mock.stop();
    const unauthorized = e.code === "unauthorized";
    const why = unauthorized
      ? `the drivemock at ${base} has an admin token, and ${adminToken ? "this one is not it" : "none was given"}: pass { adminToken } or set DRIVEMOCK_ADMIN_TOKEN (a drivemock the JS package starts has a random one: mock.adminToken)`
      : `no drivemock answers at ${base}: ${e.message}`;
    throw new DrivemockError(`attachDrivemock: ${why}`, {
      code: unauthorized ? "unauthorized" : "attach_failed",
      status: e.status,
    });
  }
  return mock;
}

module.exports = { startDrivemock, attachDrivemock, Drivemock, Session, DrivemockError };
