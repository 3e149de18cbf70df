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

/** The most sessions drivemock opens in one call (POST /__admin/sessions with `sessions`). */
const OPEN_BATCH = 100;

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
    const opened = await this._admin.call("POST", "/__admin/sessions", {
      body: name === undefined ? {} : { name: String(name) },
      accept: [201],
    });
    return this._session(opened.answer, options);
  }

  /**
   * Opens one session per name, in one admin call per 100 (all of a call's
   * or none): what a runner does for its next tests, one call instead of one
   * each. Resolves with the Sessions in the names' order.
   */
  async openSessions(names, options = {}) {
    checkOptions("openSessions", options, ["failOnWarnings"]);
    if (!Array.isArray(names) || names.length === 0) {
      throw new DrivemockError("openSessions: expected a non-empty array of session names", { code: "invalid_options" });
    }
    const sessions = [];
    for (let i = 0; i < names.length; i += OPEN_BATCH) {
      const body = { sessions: names.slice(i, i + OPEN_BATCH).map((n) => (n === undefined ? {} : { name: String(n) })) };
      const opened = await this._admin.call("POST", "/__admin/sessions", { body, accept: [201] });
      for (const answer of opened.answer.sessions) sessions.push(this._session(answer, options));
    }
    return sessions;
  }

  /** @internal A Session of an opened session's answer. */
  _session(answer, { failOnWarnings = false }) {
    const session = new Session(this._admin, answer, this.url);
    session._failOnWarnings = failOnWarnings;
    return session;
  }

  /** The open sessions: [{id, name, apiKey, opened, sets}]. */
  async sessions() {
    return (await this._get("/__admin/sessions")).sessions;
  }

  /** Journal, states and sequences back to the start, pushed sets dropped; `seed` reseeds draws. Sessions keep theirs. */
  async reset(options = {}) {
    checkOptions("reset", options, ["seed"]);
    const { seed } = options ?? {};
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

  /**
   * Proxies to `target` (a base URL) and records, from now on. Each answer
   * keeps the upstream's time as its delay_ms unless `keepDelays` is false.
   */
  async startRecording(target, { keepDelays } = {}) {
    const body = { targetBaseUrl: target };
    if (keepDelays !== undefined) body.keepDelays = keepDelays;
    return this._post("/__admin/recordings/start", body);
  }

  /** Stops recording; resolves with {file, scenario, captured, learntOperations, uncaptured, …}. */
  async stopRecording() {
    return this._post("/__admin/recordings/stop", {});
  }
}

module.exports = { Drivemock, asyncDispose };
