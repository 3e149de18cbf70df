// drivemock for JavaScript test suites: starts the drivemock binary as a
// child process and speaks its admin API. See README.md and index.d.ts.
"use strict";

const { findBinary } = require("./lib/binary");
const { Drivemock } = require("./lib/drivemock");
const { DrivemockError } = require("./lib/errors");
const { spawnDrivemock } = require("./lib/process");

/**
 * Starts drivemock on a free port of 127.0.0.1 and resolves once it listens.
 * The child stops when this process dies, however it dies.
 * @param {import("./index").StartOptions} [options]
 * @returns {Promise<Drivemock>}
 */
async function startDrivemock(options = {}) {
  if (options.preset !== undefined && options.preset !== "filen") {
    throw new DrivemockError(`unknown preset '${options.preset}'; expected "filen"`, { code: "invalid_options" });
  }
  const bin = findBinary(options.bin, { ...process.env, ...options.env });
  return new Drivemock(await spawnDrivemock(bin, options), options);
}

module.exports = { startDrivemock, Drivemock, DrivemockError };
