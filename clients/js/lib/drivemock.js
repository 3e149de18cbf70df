// A running drivemock: its address, its process, and the admin API as
// methods that resolve with plain objects.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const { AdminHttp } = require("./admin-http");
const { DrivemockError } = require("./errors");
const { stopChild } = require("./process");

/** `Symbol.asyncDispose` where Node has it (18.18+, 20.4+); a registered symbol elsewhere. */
const asyncDispose = Symbol.asyncDispose ?? Symbol.for("Symbol.asyncDispose");

/** The JSON of a body, or null when it is none. */
function jsonOf(body) {
  if (typeof body !== "string" || body === "") return null;
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

/** A journal entry with `request.json` and `response.json` beside the raw bodies. */
function withJson(entry) {
  if (entry.request) entry.request.json = jsonOf(entry.request.body);
  if (entry.response) entry.response.json = jsonOf(entry.response.body);
  return entry;
}

/** GET answers list newest first; the package gives every list oldest first. */
function chronological(entries) {
  return entries.map(withJson).reverse();
}

function query(params) {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) q.set(key, String(value));
  }
  const text = q.toString();
  return text ? `?${text}` : "";
}

function warningsOf(answer) {
  return (answer.diagnostics ?? []).filter((d) => d.severity === "warning");
}

class Drivemock {
  /** @internal use startDrivemock */
  constructor({ child, url, port, tlsUrl = null, tlsPort = null, caFile = null }, options) {
    this.url = url;
    this.port = port;
    this.tlsUrl = tlsUrl;
    this.tlsPort = tlsPort;
    this.caFile = caFile;
    this.process = child;
    this._admin = new AdminHttp(url, options.adminToken, () => this._stoppedError());
    this._stopAfterMs = options.stopTimeoutMs; // undefined: stopChild's default
    this._stopped = null;
    /** When stop() was called, or when the process ended without it: what admin calls say after. */
    this._end = null;
    child.once("exit", (code, signal) => {
      if (!this._end) this._end = { at: new Date(), how: signal ? `was killed by ${signal}` : `exited with code ${code}` };
    });
  }

  /** The error of an admin call made after drivemock stopped; null while it runs. */
  _stoppedError() {
    if (!this._end) return null;
    const pid = this.process.pid;
    return new DrivemockError(`drivemock (pid ${pid}) ${this._end.how} at ${this._end.at.toISOString()}; it answers no more calls`, {
      code: "stopped",
    });
  }

  /** SIGTERM, then SIGKILL after a bound; resolves with the exit code. Safe to call twice. */
  stop() {
    if (!this._stopped) {
      if (!this._end) this._end = { at: new Date(), how: "was stopped by stop()" };
      this._admin.close();
      this._stopped = stopChild(this.process, this._stopAfterMs);
    }
    return this._stopped;
  }

  async [asyncDispose]() {
    await this.stop();
  }

  async _get(p) {
    return (await this._admin.call("GET", p)).answer;
  }

  async _post(p, body, options) {
    return (await this._admin.call("POST", p, { body, ...options })).answer;
  }

  /**
   * Pushes a scenario set (YAML text, or an object sent as JSON). Resolves
   * with {name, message, warnings, diagnostics}; with failOnWarnings, a set
   * with warnings is refused before it loads.
   */
  async push(scenario, { name, failOnWarnings = false, dryRun = false } = {}) {
    const text = typeof scenario === "string" ? scenario : JSON.stringify(scenario);
    const contentType = typeof scenario === "string" ? "application/yaml" : "application/json";
    const send = (dry) =>
      this._post(`/__admin/scenarios${query({ name, dry_run: dry ? "true" : undefined })}`, text, { contentType });
    if (failOnWarnings) {
      const checked = await send(true);
      const warnings = warningsOf(checked);
      if (warnings.length > 0) {
        throw new DrivemockError(`the scenario has warnings: ${checked.warnings.join("; ")}`, {
          status: 200,
          code: "scenario_warnings",
          diagnostics: checked.diagnostics,
          body: checked,
        });
      }
      if (dryRun) return checked;
    }
    const answer = await send(dryRun);
    return { name: answer.name, message: answer.message, warnings: answer.warnings, diagnostics: answer.diagnostics };
  }

  /** Pushes a scenario file; its set is named after the file unless it names itself. */
  async pushFile(file, options = {}) {
    const text = await fs.promises.readFile(file, "utf8");
    const name = options.name ?? (/^name\s*:/m.test(text) ? undefined : path.parse(file).name);
    return this.push(text, { ...options, name });
  }

  /** Removes a set, pushed or loaded (a loaded one comes back on reset). */
  async deleteSet(name) {
    return (await this._admin.call("DELETE", `/__admin/scenarios/${encodeURIComponent(name)}`)).answer;
  }

  /** Journal, states and sequences back to the start, pushed sets dropped; `seed` reseeds draws. */
  async reset({ seed } = {}) {
    return this._post("/__admin/reset", seed === undefined ? undefined : { seed });
  }

  /** Journal entries, oldest first: all, or by {uuid, operation, since, limit}. */
  async requests(filter = {}) {
    return chronological((await this._get(`/__admin/requests${query(filter)}`)).requests);
  }

  /** Entries matching a filter ({method, url, operation, uuid, body, bodyPatterns}), oldest first. */
  async find(filter = {}) {
    return (await this._post("/__admin/requests/find", filter)).requests.map(withJson);
  }

  /** How many entries match the filter. */
  async count(filter = {}) {
    return (await this._post("/__admin/requests/count", filter)).count;
  }

  /**
   * Waits until `count` entries (default 1) match, at most `timeoutMs`
   * (default 5000); resolves with the matching entries, oldest first, or
   * rejects with code `timeout` and the count reached.
   */
  async waitFor(filter = {}, { count = 1, timeoutMs = 5000 } = {}) {
    const { status, answer } = await this._admin.call("POST", "/__admin/requests/wait", {
      body: { ...filter, count, timeoutMs },
      accept: [200, 408],
    });
    if (status === 408) {
      throw new DrivemockError(
        `waited ${timeoutMs} ms for ${count} request(s) matching ${JSON.stringify(filter)}; ${answer.count} came`,
        { status, code: "timeout", body: answer },
      );
    }
    return this.find(filter);
  }

  /** Resolves with {matched: [ids]} when requests matching the filters came in that order. */
  async verifyOrder(filters) {
    return this._post("/__admin/requests/verify-order", { filters });
  }

  /** Entries no scenario rule served (unknown uuids, near misses), oldest first. */
  async unmatched() {
    return chronological((await this._get("/__admin/requests/unmatched")).requests);
  }

  /** Entries with contract violations, oldest first. */
  async violations() {
    return chronological((await this._get("/__admin/violations")).requests);
  }

  /** {uuid, state, color, calls} of one directory. */
  async directory(uuid) {
    return this._get(`/__admin/directories/${encodeURIComponent(uuid)}`);
  }

  /** Sets a directory's state. */
  async setState(uuid, state) {
    const p = `/__admin/directories/${encodeURIComponent(uuid)}/state`;
    return (await this._admin.call("PUT", p, { body: { state } })).answer;
  }

  /** drivemock's health: version, dialect, seed, counters. */
  async health() {
    return this._get("/__admin/health");
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
