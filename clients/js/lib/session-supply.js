// Sessions opened ahead of their tests, a batch in one admin call: a test
// worker pays about half a millisecond per admin call, so the runner helpers
// open the next tests' sessions together (Drivemock#openSessions) and each
// test only takes its own. A batch is all or none; sessions taken by no test
// (the run stopped early, a test filtered out meanwhile) are closed at the
// file's end.
"use strict";

/** How many tests' sessions one call opens: a few dozen at most stay open unused. */
const BATCH = 32;

class SessionSupply {
  /** key → {mock, session: Promise<Session>} opened for a test not yet started */
  #ready = new Map();
  /** keys whose session a test took: a retry or repeat of it opens a new one */
  #taken = new Set();
  /** sessions opened for tests that did not take them (a changed drivemock) */
  #stale = [];

  /**
   * @param {object} [options] {batch, failOnWarnings}: the batch size, and
   *   what each session's pushes do with warnings
   */
  constructor({ batch = BATCH, failOnWarnings = false } = {}) {
    this.batch = batch;
    this.options = { failOnWarnings };
  }

  /**
   * The session of the test `key` on `mock`: opened ahead with others, or
   * now with the next ones. `upcoming()` lists {key, name} of the tests
   * still to run, in order, this one first.
   */
  take(mock, key, upcoming) {
    const ready = this.#ready.get(key);
    if (ready) {
      this.#ready.delete(key);
      if (ready.mock === mock) return this.#hand(key, ready.session);
      this.#stale.push(ready.session);
    }
    const [own, ...others] = upcoming();
    if (own?.key !== key) throw new Error("drivemock: the list of upcoming tests must start with the test itself");
    if (this.#taken.has(key)) return mock.session(own.name, this.options);
    const wanted = [own, ...others.filter((t) => !this.#ready.has(t.key) && !this.#taken.has(t.key))].slice(0, this.batch);
    const opening = mock.openSessions(
      wanted.map((t) => t.name),
      this.options,
    );
    wanted.forEach((t, i) => {
      const session = opening.then((sessions) => sessions[i]);
      // Its test is told when it takes it; until then a refusal is no unhandled rejection.
      session.catch(() => {});
      if (t !== own) this.#ready.set(t.key, { mock, session });
    });
    return this.#hand(key, opening.then((sessions) => sessions[0]));
  }

  #hand(key, session) {
    this.#taken.add(key);
    return session;
  }

  /** Closes the sessions no test took; resolves when they are closed. */
  async drain() {
    const unused = [...this.#stale, ...[...this.#ready.values()].map((r) => r.session)];
    this.#ready.clear();
    this.#stale = [];
    // A batch that failed to open left nothing to close, nor does a
    // drivemock that is gone (a file's own, stopped in its afterAll).
    const gone = (e) => {
      if (e.code !== "connection_failed") throw e;
    };
    await Promise.all(unused.map((s) => s.then((session) => session.close().catch(gone), () => {})));
  }
}

module.exports = { SessionSupply, BATCH };
