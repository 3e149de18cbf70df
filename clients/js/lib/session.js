// One session of a running drivemock: a test's own scenario sets, states,
// sequences, windows, draws and journal view. Its requests are those that
// carry its apiKey as their bearer (an SDK made with that apiKey) or its id
// in the header X-Drivemock-Session.
"use strict";

const { ScopedAdmin } = require("./scoped");

/** `Symbol.asyncDispose` where Node has it (18.18+, 20.4+); a registered symbol elsewhere. */
const asyncDispose = Symbol.asyncDispose ?? Symbol.for("Symbol.asyncDispose");

class Session extends ScopedAdmin {
  /** @internal use Drivemock#session */
  constructor(admin, { id, name, apiKey }, url) {
    super(admin, id);
    this.id = id;
    this.name = name;
    this.apiKey = apiKey;
    /** The headers that place a plain HTTP client's requests in this session. */
    this.headers = { "X-Drivemock-Session": id };
    this.url = url;
    this._closed = null;
  }

  /** Its sets dropped, states, sequences, windows and draws back to the start; its journal stays. */
  async reset() {
    return this._post(`/__admin/sessions/${encodeURIComponent(this.id)}/reset`, undefined);
  }

  /**
   * Tells drivemock how its test ended: {outcome: "passed"|"failed"|"skipped",
   * durationMs, message, location}. The runner helpers send it; the report of
   * the run and the dashboard show it. Taken after close() too.
   */
  async reportOutcome({ outcome, durationMs = 0, message = "", location = "" }) {
    return this._post(`/__admin/sessions/${encodeURIComponent(this.id)}/outcome`, { outcome, durationMs, message, location });
  }

  /** Closes it (its journal entries stay, tagged). Safe to call twice. */
  async close() {
    await this._closing();
  }

  /**
   * @internal The one close, which resolves with what its answer listed:
   * {nearMisses, unusedRules} (none when it was closed already, or
   * drivemock stopped).
   */
  _closing() {
    if (!this._closed) {
      this._closed = this._admin.call("DELETE", `/__admin/sessions/${encodeURIComponent(this.id)}`).then(
        ({ answer }) => ({ nearMisses: answer.nearMisses ?? [], unusedRules: answer.unusedRules ?? [] }),
        (e) => {
          // Closed already (410), or drivemock stopped first: nothing left to close.
          if (e.status === 410 || e.code === "stopped" || e.code === "detached") return { nearMisses: [], unusedRules: [] };
          throw e;
        },
      );
    }
    return this._closed;
  }

  async [asyncDispose]() {
    await this.close();
  }
}

module.exports = { Session, asyncDispose };
