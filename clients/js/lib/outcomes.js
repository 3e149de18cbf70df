// Each test's outcome, sent to drivemock on its session when the test ends
// (POST /__admin/sessions/{id}/outcome), so that the report of a run and the
// dashboard say which test failed and why, beside the calls it made: a test
// that failed and one that passed expecting an error look alike by their
// calls alone.
"use strict";

/** The first stack line of `error` in `file` (the test's own line), else its first at all. */
function whereThrown(error, file) {
  const lines = String(error?.stack ?? "")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.startsWith("at "));
  const own = file ? lines.find((l) => l.includes(file)) : undefined;
  return (own ?? lines[0] ?? "").replace(/^at /, "");
}

/** The message of `error` as a runner shows it (an assertion's diff included). */
function messageOf(error) {
  if (!error) return "";
  return String(error.message ?? error);
}

/** A finished Vitest task's outcome: its result's state, its time, its first error. */
function vitestOutcome(task) {
  const result = task.result ?? {};
  const state = result.state === "fail" ? "failed" : result.state === "skip" ? "skipped" : "passed";
  const error = result.errors?.[0];
  return {
    outcome: state,
    durationMs: Math.max(0, Date.now() - (result.startTime ?? Date.now())),
    message: state === "failed" ? messageOf(error) : "",
    location: state === "failed" ? whereThrown(error, task.file?.filepath) : "",
  };
}

/**
 * A node:test test's outcome from its context in afterEach, where Node gives
 * it (`t.passed`, `t.error`: Node 20.12 and 21.7 on); null on an older Node
 * (Debian 12's 18), whose hooks cannot tell, and whose sessions then show no
 * outcome.
 */
function nodeTestOutcome(t, startedAt, file) {
  if (typeof t.passed !== "boolean") return null;
  const error = t.error?.cause ?? t.error;
  return {
    outcome: t.passed ? "passed" : "failed",
    durationMs: Math.max(0, Date.now() - startedAt),
    message: t.passed ? "" : messageOf(error),
    location: t.passed ? "" : whereThrown(error, file),
  };
}

/**
 * Outcomes on their way, sent without holding up the next test, many in one
 * admin call (POST /__admin/outcomes): an admin call from a test worker
 * costs about 0.4 ms, which one call per test would add to every test. Sent
 * when 100 are waiting or 100 ms after the first; the file's last hook
 * flushes the rest, and the first failure to send fails it.
 */
class OutcomeQueue {
  #batch = [];
  #admin = null;
  #timer = null;
  #pending = new Set();

  send(session, outcome) {
    if (!outcome) return;
    this.#admin = session._admin;
    this.#batch.push({ session: session.id, ...outcome });
    if (this.#batch.length >= 100) this.#post();
    else this.#timer ??= setTimeout(() => this.#post(), 100);
  }

  #post() {
    clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#batch.length === 0) return;
    const outcomes = this.#batch;
    this.#batch = [];
    const sent = this.#admin.call("POST", "/__admin/outcomes", { body: { outcomes } }).then(
      () => undefined,
      (e) => {
        // Drivemock stopped, or the run's sessions are gone: nothing to tell.
        if (e.code === "stopped" || e.code === "detached" || e.code === "unknown_session") return;
        throw e;
      },
    );
    this.#pending.add(sent);
    // Settled ones leave the set; a failure stays for flush() to throw.
    sent.then(() => this.#pending.delete(sent), () => {});
  }

  async flush() {
    this.#post();
    const waiting = [...this.#pending];
    this.#pending.clear();
    await Promise.all(waiting);
  }
}

module.exports = { vitestOutcome, nodeTestOutcome, whereThrown, OutcomeQueue };
