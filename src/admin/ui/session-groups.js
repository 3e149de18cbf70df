// Requests and admin events grouped by session, as the report of a run and
// the dashboard's Sessions view show them: one <details> per session (test)
// with its counts, its calls drawn when it is opened, each call with the
// lock calls around it folded under it and the events between calls, its
// test's outcome (the runner helpers send it) in its summary, a failure's
// message above its calls, and the failed tests first. Both give it the
// same compact data; plain DOM, text always as text.
"use strict";

// eslint-disable-next-line no-unused-vars
const SessionGroups = (function sessionGroups() {
  // Request: [id, session, time, operation, uuid, status, code, fault,
  //           matched, folded, violations, nearMisses, didYouMean, limited,
  //           failed (as the clients read it: a fault, an HTTP error, or an
  //           envelope whose status says so), requestBody, answerBody]
  const R = { id: 0, session: 1, time: 2, op: 3, uuid: 4, status: 5, code: 6, fault: 7, matched: 8, folded: 9, violations: 10, near: 11, meant: 12, limited: 13, failed: 14, requestBody: 15, answerBody: 16 };
  // Event: [id, session, afterRequest, time, kind, message, details]
  const E = { id: 0, session: 1, after: 2, time: 3, kind: 4, message: 5, details: 6 };
  // The runner's word on a test, as an event of its session.
  const OUTCOME = "test-outcome";

  const failed = (r) => r[R.failed] === 1;

  const el = (tag, attrs = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    for (const c of children) node.append(c);
    return node;
  };

  /**
   * The groups of {sessions: [[id, name]], requests, events}: the failed
   * tests' sessions first, then the others in order, then those outside.
   */
  function group(data) {
    const groups = data.sessions.map(([id, name]) => ({ id, name, requests: [], events: [], outcome: null }));
    const outside = { id: null, name: "Outside sessions", requests: [], events: [], outcome: null };
    for (const r of data.requests) (r[R.session] >= 0 ? groups[r[R.session]] : outside).requests.push(r);
    for (const e of data.events) {
      const g = e[E.session] >= 0 ? groups[e[E.session]] : outside;
      // The last word counts (a retried test sends one per try).
      if (e[E.kind] === OUTCOME) g.outcome = outcomeOf(e);
      else g.events.push(e);
    }
    if (outside.requests.length || outside.events.length) groups.push(outside);
    for (const g of groups) count(g);
    const failedFirst = (g) => (g.outcome?.state === "failed" ? 0 : 1);
    return groups.map((g, i) => ({ g, i })).sort((a, b) => failedFirst(a.g) - failedFirst(b.g) || a.i - b.i).map((x) => x.g);
  }

  function outcomeOf(e) {
    const d = e[E.details] || {};
    return { state: d.outcome || "", durationMs: Number(d.durationMs || 0), message: d.message || "", location: d.location || "" };
  }

  /** How many tests passed, failed and were skipped, as the runner counted them; sessions with no outcome apart. */
  function tests(groups) {
    const n = { passed: 0, failed: 0, skipped: 0, unreported: 0 };
    for (const g of groups) {
      if (g.id === null) continue;
      if (g.outcome && g.outcome.state in n) n[g.outcome.state] += 1;
      else n.unreported += 1;
    }
    return n;
  }

  /** "1 failed, 5 passed, 0 skipped, 2 without an outcome": the tests' counts as a line. */
  function testCounts(groups) {
    const t = tests(groups);
    return `${t.failed} failed, ${t.passed} passed, ${t.skipped} skipped` + (t.unreported ? `, ${t.unreported} without an outcome` : "");
  }

  /** An event as its session's row says it: the session's own name left out, it is the group's. */
  function eventText(g, e) {
    let text = e[E.message];
    if (g.id !== null) text = text.replace(`session '${g.name}' `, "session ").replace(` in session '${g.name}'`, "");
    return `${e[E.kind]}: ${text}`;
  }

  function count(g) {
    const own = g.requests.filter((r) => !r[R.folded]);
    g.calls = own.length;
    g.errors = own.filter(failed).length;
    g.violations = g.requests.filter((r) => r[R.violations].length).length;
    g.near = g.requests.filter((r) => r[R.near].length || r[R.meant]).length;
  }

  /** A session's calls, each own call with the folded calls around it, events between. */
  function table(g) {
    const items = [];
    let pending = [];
    let last = null;
    for (const r of g.requests) {
      if (r[R.folded]) {
        pending.push(r);
        continue;
      }
      last = { request: r, folded: pending };
      pending = [];
      items.push(last);
    }
    // Folded calls after the last own call (a lock's release) belong to it.
    if (pending.length) {
      if (last) last.folded.push(...pending);
      else for (const r of pending) items.push({ request: r, folded: [] });
    }
    const events = [...g.events];
    const body = el("tbody");
    const flush = (upTo) => {
      while (events.length && events[0][E.after] < upTo) {
        const e = events.shift();
        const yaml = e[E.details]?.yaml;
        const text = yaml ? el("details", { class: "yaml" }, el("summary", {}, eventText(g, e)), el("pre", {}, yaml)) : eventText(g, e);
        body.append(el("tr", { class: "event" }, el("td", {}, e[E.time].slice(11, 23)), el("td", { colspan: "4" }, text)));
      }
    };
    for (const item of items) {
      const r = item.request;
      flush(r[R.id]);
      const answer = `${r[R.fault] ? `fault ${r[R.fault]}` : r[R.status]} ${r[R.code]}`;
      const what = el("td", { class: "mono" }, r[R.uuid]);
      if (item.folded.length) {
        const kinds = [...new Set(item.folded.map((f) => f[R.op]))].join("/");
        const locks = el("details", { class: "locks" }, el("summary", {}, ` +${item.folded.length} ${kinds}`));
        locks.append(el("ul", { class: "notes" }, ...item.folded.map((f) => el("li", {}, `${f[R.op]} ${f[R.uuid]}: ${f[R.status]} ${f[R.code]}`))));
        what.append(locks);
      }
      const notes = el("ul", { class: "notes" });
      for (const v of r[R.violations]) notes.append(el("li", { class: "violation" }, v));
      for (const n of r[R.near]) notes.append(el("li", { class: "near" }, `near miss, ${n}`));
      if (r[R.meant]) notes.append(el("li", { class: "near" }, `no scenario names it; did you mean ${r[R.meant]}?`));
      if (r[R.limited]) notes.append(el("li", { class: "warning" }, `refused by ${r[R.limited]}`));
      if (notes.childElementCount) what.append(notes);
      if (r[R.requestBody] || r[R.answerBody]) {
        what.append(
          el("details", { class: "bodies" }, el("summary", {}, "bodies"),
            el("div", { class: "muted" }, "request"), el("pre", {}, r[R.requestBody] || "(empty)"),
            el("div", { class: "muted" }, "answer"), el("pre", {}, r[R.answerBody] || "(empty)")),
        );
      }
      const cells = [el("td", {}, r[R.time].slice(11, 23)), el("td", {}, r[R.op] || "(no operation)"), what, el("td", { class: "answer" }, answer), el("td", { class: "mono" }, r[R.matched] || "built-in")];
      body.append(el("tr", { class: failed(r) ? "bad" : "" }, ...cells));
    }
    flush(Infinity);
    const head = el("thead", {}, el("tr", {}, ...["time", "operation", "uuid", "answer", "answered by"].map((h) => el("th", {}, h))));
    return el("table", { class: "session-calls" }, head, body);
  }

  /** A failed test's message and where it was thrown, above the calls that led to it. */
  function failure(outcome) {
    const node = el("div", { class: "failure" }, el("pre", {}, outcome.message || "(no message)"));
    if (outcome.location) node.append(el("div", { class: "mono muted" }, outcome.location));
    return node;
  }

  function plural(n, one, many) {
    return `${n} ${n === 1 ? one : many}`;
  }

  function summaryOf(g) {
    const counts =
      plural(g.calls, "call", "calls") +
      (g.errors ? `, ${plural(g.errors, "error", "errors")}` : "") +
      (g.violations ? `, ${plural(g.violations, "violation", "violations")}` : "") +
      (g.near ? `, ${g.near} unmatched` : "");
    const parts = [];
    if (g.outcome) {
      parts.push(el("span", { class: `outcome ${g.outcome.state}` }, g.outcome.state));
    }
    parts.push(el("span", { class: "name" }, g.name));
    if (g.outcome?.message) parts.push(el("span", { class: "first-line error" }, g.outcome.message.split("\n")[0]));
    parts.push(el("span", { class: `counts ${g.errors || g.violations ? "error" : "muted"}` }, counts + (g.outcome ? `, ${Math.round(g.outcome.durationMs)} ms` : "")));
    return el("summary", {}, ...parts);
  }

  /** One session's <details>: its calls drawn the first time it is opened. */
  function details(g) {
    const node = el("details", { class: g.id ? "session" : "session outside" }, summaryOf(g));
    node.addEventListener("toggle", () => {
      if (node.open && !node.dataset.drawn) {
        node.dataset.drawn = "1";
        if (g.outcome?.state === "failed") node.append(failure(g.outcome));
        node.append(table(g));
      }
    });
    return node;
  }

  /** Whether a group's test failed, or it has errors, violations or near misses. */
  const troubled = (g) => Boolean(g.outcome?.state === "failed" || g.errors || g.violations || g.near);

  return { R, E, group, details, troubled, testCounts };
})();
