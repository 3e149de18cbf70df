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
  /** key → {mock, opening: the batch's Promise<Session[]>, i: its place there, name} for a test not yet started */
  #ready = new Map();
  /** keys whose session a test took: a retry or repeat of it opens a new one */
  #taken = new Set();
  /** batch places of tests that did not take them (a changed drivemock) */
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
      if (ready.mock === mock) return this.#hand(key, this.#fromBatch(ready));
      this.#stale.push(ready);
    }
    const [own, ...others] = upcoming();
    if (own?.key !== key) throw new Error("drivemock: the list of upcoming tests must start with the test itself");
    if (this.#taken.has(key)) return mock.session(own.name, this.options);
    const wanted = [own, ...others.filter((t) => !this.#ready.has(t.key) && !this.#taken.has(t.key))].slice(0, this.batch);
    const opening = mock.openSessions(
      wanted.map((t) => t.name),
      this.options,
    );
    opening.catch(() => {}); // each test is told when it takes its session
    wanted.forEach((t, i) => {
      if (t !== own) this.#ready.set(t.key, { mock, opening, i, name: t.name });
    });
    return this.#hand(key, this.#fromBatch({ mock, opening, i: 0, name: own.name }));
  }

  /**
   * A test's session from its batch; where the batch did not fit under
   * drivemock's cap (--max-sessions) but one session may, opened alone as
   * its test starts.
   */
  #fromBatch({ mock, opening, i, name }) {
    return opening.then(
      (sessions) => sessions[i],
      (e) => {
        if (e.code !== "too_many_sessions") throw e;
        return mock.session(name, this.options);
      },
    );
  }

  #hand(key, session) {
    this.#taken.add(key);
    return session;
  }

  /** Closes the sessions no test took; resolves when they are closed. */
  async drain() {
    const unused = [...this.#stale, ...this.#ready.values()];
    this.#ready.clear();
    this.#stale = [];
    // A batch that failed to open left nothing to close, nor does a
    // drivemock that is gone (a file's own, stopped in its afterAll).
    const gone = (e) => {
      if (e.code !== "connection_failed") throw e;
    };
    await Promise.all(
      unused.map(({ opening, i }) =>
        opening.then(
          (sessions) => sessions[i].close().catch(gone),
          () => {},
        ),
      ),
    );
  }
}

module.exports = { SessionSupply, BATCH };
