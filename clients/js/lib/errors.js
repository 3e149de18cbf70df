// The one error type of the package: an admin call that drivemock refused,
// or a start that failed, with what drivemock said.
"use strict";

class DrivemockError extends Error {
  /**
   * @param {string} message what went wrong, in drivemock's words where it gave any
   * @param {object} [details]
   * @param {number|null} [details.status] the admin call's HTTP status; null for a start
   * @param {string} [details.code] drivemock's error code (`invalid_scenario`, `start_failed`…)
   * @param {Array} [details.diagnostics] [{severity, file, line, column, message}]
   * @param {object|null} [details.body] the whole JSON answer, when there was one
   * @param {unknown} [details.cause] the error this one explains (a runner prints it after)
   */
  constructor(message, { status = null, code = "error", diagnostics = [], body = null, cause } = {}) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "DrivemockError";
    this.status = status;
    this.code = code;
    this.diagnostics = diagnostics;
    this.body = body;
  }
}

module.exports = { DrivemockError };
