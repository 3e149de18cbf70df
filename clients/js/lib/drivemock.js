// A drivemock: its address, its process when this package started it, and
// the admin API as methods that resolve with plain objects (lib/scoped.js),
// for the whole drivemock or for one session.
"use strict";

const { AdminHttp } = require("./admin-http");
const { DrivemockError } = require("./errors");
const { checkOptions } = require("./options");
const { stopChild } = require("./process");
const { ScopedAdmin } = require("./scoped");
const { Session, asyncDispose } = require("./session");

class Drivemock extends ScopedAdmin {
  /**
   * @internal use startDrivemock or attachDrivemock
   * `child` null: attached to a drivemock this process did not start.
   */
  constructor({ child, url, port, tlsUrl = null, tlsPort = null, caFile = null }, options) {
    const admin = new AdminHttp(url, options.adminToken, () => this._stoppedError());
    super(admin, null);
    this.url = url;
    this.port = port;
    this.tlsUrl = tlsUrl;
    this.tlsPort = tlsPort;
    this.caFile = caFile;
    /** The admin token every admin call sends (startDrivemock makes a random one unless told otherwise); null: none. */
    this.adminToken = options.adminToken || null;
    this.process = child;
    /** Whether this object started the process (and stop() ends it) or attached to one. */
    this.owned = child !== null;
    this._stopAfterMs = options.stopTimeoutMs; // undefined: stopChild's default
    this._stopped = null;
    /** When stop() was called, or when the process ended without it: what admin calls say after. */
    this._end = null;
    child?.once("exit", (code, signal) => {
      if (!this._end) this._end = { at: new Date(), how: signal ? `was killed by ${signal}` : `exited with code ${code}` };
    });
  }

  /**
   * The dashboard's address for a browser: with the token in its fragment
   * (never sent to a server; the page keeps it for its tab and takes it out
   * of the address bar).
   */
  get dashboardUrl() {
    const page = `${this.url}/__admin/ui/`;
    return this.adminToken ? `${page}#token=${encodeURIComponent(this.adminToken)}` : page;
  }

  /** The error of an admin call made after drivemock stopped or was detached; null before. */
  _stoppedError() {
    if (!this._end) return null;
    if (!this.owned) {
      return new DrivemockError(`detached from drivemock at ${this.url} by stop() at ${this._end.at.toISOString()}; it still runs, but this object makes no more calls`, {
        code: "detached",
      });
    }
    const pid = this.process.pid;
    return new DrivemockError(`drivemock (pid ${pid}) ${this._end.how} at ${this._end.at.toISOString()}; it answers no more calls`, {
      code: "stopped",
    });
  }

  /**
   * Started by this package: SIGTERM, then SIGKILL after a bound; resolves
   * with the exit code. Attached: detaches (the drivemock runs on) and
   * resolves with null. Safe to call twice.
   */
  stop() {
    if (!this._stopped) {
      if (!this._end) this._end = { at: new Date(), how: "was stopped by stop()" };
      this._admin.close();
      this._stopped = this.owned ? stopChild(this.process, this._stopAfterMs) : Promise.resolve(null);
    }
    return this._stopped;
  }

  async [asyncDispose]() {
    await this.stop();
  }

  /**
   * Opens a session (one per test): resolves with a Session whose requests
   * are those carrying its apiKey as their bearer or its id in
   * X-Drivemock-Session, and whose admin methods are scoped to it.
   */
  async session(name, options = {}) {
    checkOptions("session", options, ["failOnWarnings"]);
    const { failOnWarnings = false } = options;
    const opened = await this._admin.call("POST", "/__admin/sessions", {
      body: name === undefined ? {} : { name: String(name) },
      accept: [201],
    });
    const session = new Session(this._admin, opened.answer, this.url);
    session._failOnWarnings = failOnWarnings;
    return session;
  }

  /** The open sessions: [{id, name, apiKey, opened, sets}]. */
  async sessions() {
    return (await this._get("/__admin/sessions")).sessions;
  }

  /** Journal, states and sequences back to the start, pushed sets dropped; `seed` reseeds draws. Sessions keep theirs. */
  async reset({ seed } = {}) {
    return this._post("/__admin/reset", seed === undefined ? undefined : { seed });
  }

  /** drivemock's health: version, dialect, seed, counters. */
  async health() {
    return this._get("/__admin/health");
  }

  /** Writes the report of the run to its --report file now; resolves with {file, sessions, requests, bytes}. */
  async report() {
    return this._post("/__admin/report", {});
  }

  /** Proxies to `target` (a base URL) and records, from now on. */
  async startRecording(target) {
    return this._post("/__admin/recordings/start", { targetBaseUrl: target });
  }

  /** Stops recording; resolves with {file, scenario, captured, learntOperations, uncaptured, …}. */
  async stopRecording() {
    return this._post("/__admin/recordings/stop", {});
  }
}

module.exports = { Drivemock, asyncDispose };
