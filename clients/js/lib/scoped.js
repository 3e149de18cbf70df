// The admin calls a test makes, for the whole drivemock or scoped to one
// session: the same methods on Drivemock and on Session, the session's id
// going as `?session=` on calls by path and as `session` in filters.
"use strict";

/** The provider state drivemock's pacts name (src/interchange/pact_writer.h). */
const PACT_STATE = "a directory in a state";
/** The provider-state names drivemock's pacts give (src/interchange/pact_states.h). */
const PACT_STATES = [PACT_STATE, "a directory exists", "a directory is trashed"];

const fs = require("node:fs");
const path = require("node:path");
const { DrivemockError } = require("./errors");
const { checkOptions } = require("./options");

/** push's and pushFile's options (index.d.ts PushOptions). */
const PUSH_OPTIONS = ["name", "failOnWarnings", "dryRun", "allowUnused"];
/** A journal filter's members (index.d.ts RequestFilter). */
const FILTER_KEYS = ["method", "url", "operation", "uuid", "body", "bodyPatterns", "session"];
/** requests()'s, which the journal's GET takes. */
const LIST_KEYS = ["uuid", "operation", "since", "limit", "session"];
/**
 * waitFor's default wait: under Jest's and Vitest's 5 s test time-out, so
 * that its message (what it waited for, and how many came) is the one the
 * runner shows, not the runner's own time-out.
 */
const WAIT_MS = 3000;

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

class ScopedAdmin {
  /**
   * @param {import("./admin-http").AdminHttp} admin
   * @param {string|null} sessionId null: the whole drivemock (the baseline)
   */
  constructor(admin, sessionId) {
    this._admin = admin;
    this._sessionId = sessionId;
  }

  /** `params` with this scope's session. */
  _scoped(params = {}) {
    return this._sessionId ? { ...params, session: this._sessionId } : params;
  }

  /** A filter with this scope's session (a filter's own session wins), its members checked. */
  _filter(filter = {}, where = "find", known = FILTER_KEYS) {
    checkOptions(`${where}: filter`, filter, known);
    return this._sessionId && filter?.session === undefined ? { ...filter, session: this._sessionId } : filter;
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
   * with warnings is refused before it loads (the default of a session the
   * runner helpers open for a test: a warning there is most often a typo,
   * `status: flase`, that would leave the test testing something else).
   */
  async push(scenario, options = {}) {
    checkOptions("push", options, PUSH_OPTIONS);
    const { name, failOnWarnings = this._failOnWarnings ?? false, dryRun = false, allowUnused = false } = options ?? {};
    const text = typeof scenario === "string" ? scenario : JSON.stringify(scenario);
    const contentType = typeof scenario === "string" ? "application/yaml" : "application/json";
    const send = (dry) =>
      this._post(`/__admin/scenarios${query(this._scoped({ name, dry_run: dry ? "true" : undefined }))}`, text, {
        contentType,
      });
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
    // A session's test is not failed for the rules of this set it never used (near-misses.js).
    if (allowUnused && !dryRun) (this._unusedAllowed ??= new Set()).add(answer.name);
    return { name: answer.name, message: answer.message, warnings: answer.warnings, diagnostics: answer.diagnostics };
  }

  /** Pushes a scenario file; its set is named after the file unless it names itself. */
  async pushFile(file, options = {}) {
    checkOptions("pushFile", options, PUSH_OPTIONS);
    const text = await fs.promises.readFile(file, "utf8");
    const name = options.name ?? (/^name\s*:/m.test(text) ? undefined : path.parse(file).name);
    return this.push(text, { ...options, name });
  }

  /** Removes a set (a session removes only the sets pushed into it). */
  async deleteSet(name) {
    const p = `/__admin/scenarios/${encodeURIComponent(name)}${query(this._scoped())}`;
    return (await this._admin.call("DELETE", p)).answer;
  }

  /** Journal entries, oldest first: all, or by {uuid, operation, since, limit}. */
  async requests(filter = {}) {
    return chronological((await this._get(`/__admin/requests${query(this._filter(filter, "requests", LIST_KEYS))}`)).requests);
  }

  /** Entries matching a filter ({method, url, operation, uuid, body, bodyPatterns, session}), oldest first. */
  async find(filter = {}) {
    return (await this._post("/__admin/requests/find", this._filter(filter))).requests.map(withJson);
  }

  /** How many entries match the filter. */
  async count(filter = {}) {
    return (await this._post("/__admin/requests/count", this._filter(filter, "count"))).count;
  }

  /**
   * Waits until `count` entries (default 1) match, at most `timeoutMs`
   * (default WAIT_MS); resolves with the matching entries, oldest first, or
   * rejects with code `timeout`, what it waited for and the count reached.
   */
  async waitFor(filter = {}, options = {}) {
    checkOptions("waitFor", options, ["count", "timeoutMs"]);
    const { count = 1, timeoutMs = WAIT_MS } = options ?? {};
    const scoped = this._filter(filter, "waitFor");
    const { status, answer } = await this._admin.call("POST", "/__admin/requests/wait", {
      body: { ...scoped, count, timeoutMs },
      accept: [200, 408],
    });
    if (status === 408) {
      throw new DrivemockError(
        `waited ${timeoutMs} ms for ${count} request(s) matching ${JSON.stringify(filter)}; ${answer.count} came`,
        { status, code: "timeout", body: answer },
      );
    }
    return this.find(scoped);
  }

  /** Resolves with {matched: [ids]} when requests matching the filters came in that order. */
  async verifyOrder(filters) {
    return this._post("/__admin/requests/verify-order", { filters: filters.map((f) => this._filter(f, "verifyOrder")) });
  }

  /** Entries no scenario rule served (unknown uuids, near misses), oldest first. */
  async unmatched() {
    return chronological((await this._get(`/__admin/requests/unmatched${query(this._scoped())}`)).requests);
  }

  /** Entries with contract violations, oldest first. */
  async violations() {
    return chronological((await this._get(`/__admin/violations${query(this._scoped())}`)).requests);
  }

  /** {uuid, state, color, calls} of one directory. */
  async directory(uuid) {
    return this._get(`/__admin/directories/${encodeURIComponent(uuid)}${query(this._scoped())}`);
  }

  /** Sets a directory's state; `restart: true` first starts its sequences and call counts over. */
  async setState(uuid, state, options = {}) {
    checkOptions("setState", options, ["restart"]);
    const { restart = false } = options ?? {};
    const p = `/__admin/directories/${encodeURIComponent(uuid)}/state${query(this._scoped())}`;
    return (await this._admin.call("PUT", p, { body: restart ? { state, restart } : { state } })).answer;
  }

  /** A Pact v4 pact (an object) of the calls journaled here: `{consumer, provider}` name its parties. */
  async pact(parties) {
    checkOptions("pact", parties, ["consumer", "provider"]);
    const { consumer, provider } = parties ?? {};
    return this._post(`/__admin/pact${query(this._scoped())}`, { consumer, provider });
  }

  /** Sends one provider state to drivemock's state-change URL (POST /__admin/pact/provider-states). */
  async providerState(state, params = {}, action = "setup") {
    return this._post(`/__admin/pact/provider-states${query(this._scoped())}`, { state, params: params ?? {}, action });
  }

  /**
   * State handlers for Pact's Verifier (@pact-foundation/pact): every state
   * name an interaction gives goes to drivemock's state-change URL, which
   * sets it up or says why it cannot (the verification then fails). Pact JS
   * skips a name it finds no handler for with only a warning, so this
   * answers for any name: drivemock's own ("a directory in a state",
   * "a directory exists", "a directory is trashed") and a consumer's.
   */
  pactStateHandlers() {
    const handler = (name) => ({
      setup: async (params) => {
        await this.providerState(name, params);
      },
      teardown: async () => {},
    });
    const own = Object.fromEntries(PACT_STATES.map((name) => [name, handler(name)]));
    return new Proxy(own, {
      get(target, key) {
        if (typeof key !== "string" || key === "then" || key in Object.prototype) return target[key];
        return target[key] ?? handler(key);
      },
      has: (target, key) => typeof key === "string" || key in target,
    });
  }

  /** The admin changes (pushes, resets, states, sessions), oldest first. */
  async events() {
    return (await this._get(`/__admin/events${query(this._scoped())}`)).events;
  }
}

module.exports = { ScopedAdmin, query, PACT_STATE, WAIT_MS };
