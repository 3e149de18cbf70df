// The journal view: one row per request, newest first, filters, and one
// entry opened whole.
"use strict";

// Older rows leave the page (the journal keeps them). The browser lays out
// every row shown whenever rows come in, so the page keeps fewer while the
// stream skips entries (requests come faster than anyone reads): under make
// bench's load, 2,000 rows took its renderer 11% of a core, 200 about 3%.
const MAX_ROWS = 1000;
const MAX_ROWS_SKIPPING = 200;
const SKIPPING_MS = 5000;  // "skipping" until this long after the last missed event

const state = { lastId: 0, missed: 0, lastMissed: -Infinity, entries: new Map(), selected: null };

function rowsKept() {
  return performance.now() - state.lastMissed < SKIPPING_MS ? MAX_ROWS_SKIPPING : MAX_ROWS;
}

// --- journal rows ---------------------------------------------------------

// The answer's JSON envelope, or null when the body is no JSON object.
function envelopeOf(body) {
  if (!body || body[0] !== "{") return null;
  try {
    return JSON.parse(body);
  } catch {
    return null;  // not JSON: the status says it all
  }
}

function envelopeCode(body) {
  const json = envelopeOf(body);
  return json && typeof json.code === "string" ? json.code : "";
}

// An error as the clients read one: anything but a success, which the
// server decides for every entry (response.succeeded: no fault, HTTP 2xx,
// and no envelope whose status says error; the service answers its errors
// with HTTP 200 and status false).
function isError(e) {
  return !e.response.succeeded;
}

// The status and the envelope's code, as the text log writes them
// ("200 folder_not_found"): the service answers its errors with 200.
function answerText(e) {
  if (e.response.fault) return "fault: " + e.response.fault;
  const code = envelopeCode(e.response.body);
  return code ? e.response.status + " " + code : String(e.response.status);
}

function matchedText(e) {
  if (e.limited) return "rate limit " + e.limited.file + "#" + e.limited.index;
  if (!e.matched) return "none";  // the journal's null, the log's matched=none
  const m = e.matched;
  return m.scenario + (m.rule ? "#" + m.rule : "#defaults") +
         (m.answers > 1 ? " " + m.answer + "/" + m.answers : "");
}

/// The rule and the answer of it that served the call, and where it is
/// written: "rule 2 of steps, answer 2 of 3 (steps.yaml:7)".
function ruleText(e) {
  const m = e.matched;
  if (!m) return matchedText(e);
  const rule = (m.rule ? "rule " + m.rule : "defaults") + " of " + m.scenario;
  const answer = m.answers > 1 ? ", answer " + m.answer + " of " + m.answers : "";
  return rule + answer + (m.line > 0 ? " (" + m.file + ":" + m.line + ")" : "");
}

/// A duration with its unit, short enough never to be cut: 840 µs, 12.5 ms, 1.50 s.
function durationText(micros) {
  if (micros < 1000) return micros + " µs";
  if (micros < 1e6) return (micros / 1000).toFixed(micros < 1e4 ? 1 : 0) + " ms";
  return (micros / 1e6).toFixed(micros < 1e7 ? 2 : 1) + " s";
}

function timeText(e) {
  return e.loggedDate.slice(11, 23);  // HH:MM:SS.mmm of the ISO-8601 UTC time
}

function rowFor(e) {
  const row = el("tr");
  row.dataset.id = e.id;
  row.append(
    el("td", timeText(e)),
    el("td", e.operation || "(unknown path)"),
    el("td", e.uuid || "-", "uuid"),
    el("td", answerText(e), isError(e) ? "status-error" : ""),
    el("td", matchedText(e), "matched"),
    el("td", durationText(e.timing.totalMicros), "duration"),
    el("td", "", "mark"),
  );
  if (e.violations.length > 0) {
    row.classList.add("violating");
    row.title = e.violations.length + " contract violation(s)";
  }
  // The uuid column gives way first: the whole uuid on hover (and in the detail).
  if (e.uuid) row.cells[2].title = e.uuid;
  row.addEventListener("click", () => select(e.id));
  return row;
}

function visible(e) {
  const uuid = $("filter-uuid").value.trim();
  const operation = $("filter-operation").value;
  if (uuid && !(e.uuid || "").includes(uuid)) return false;
  if (operation && e.operation !== operation) return false;
  if ($("filter-violations").checked && e.violations.length === 0) return false;
  // A tab with a session of its own shows that session's calls (my-session.js).
  const mine = mySession();
  if (mine && $("filter-mine").checked && e.session?.id !== mine.id) return false;
  return true;
}

/// Shows entries (oldest first), newest on top, in one change to the page:
/// under load a chunk of the stream holds up to 100, and the browser lays the
/// table out once per chunk instead of once per row.
function addEntries(entries) {
  const fresh = entries.filter((e) => e.id > state.lastId);  // a resumed stream may repeat
  if (fresh.length === 0) return;
  const rows = document.createDocumentFragment();
  for (const e of fresh.slice(-MAX_ROWS)) {
    state.entries.set(e.id, e);
    const row = rowFor(e);
    row.hidden = !visible(e);
    rows.prepend(row);
  }
  state.lastId = fresh[fresh.length - 1].id;
  const body = $("journal").tBodies[0];
  body.prepend(rows);
  const kept = rowsKept();
  while (body.rows.length > kept) {
    const oldest = body.lastElementChild;
    state.entries.delete(Number(oldest.dataset.id));
    oldest.remove();
  }
  showCounts();
}

/// After a reset: the journal is empty. Ids go on from where they were, so
/// the stream needs no restart.
function clearJournal() {
  state.entries.clear();
  state.missed = 0;
  state.lastMissed = -Infinity;
  state.selected = null;
  $("journal").tBodies[0].replaceChildren();
  $("detail").hidden = true;
  showCounts();
  saveFragment();
}

/// Shows the rows the filters select.
function applyFilters() {
  for (const row of $("journal").tBodies[0].rows) {
    row.hidden = !visible(state.entries.get(Number(row.dataset.id)));
  }
  showCounts();
}

function refilter() {
  applyFilters();
  saveFragment();
}

function showCounts() {
  const rows = [...$("journal").tBodies[0].rows];
  const shown = rows.filter((r) => !r.hidden).length;
  $("counts").textContent = shown + " of " + rows.length + " requests shown";
  $("missed").hidden = state.missed === 0;
  $("missed").textContent = state.missed + " requests came too fast to show (they are in the journal)";
}

for (const id of ["filter-uuid", "filter-operation", "filter-violations", "filter-mine"]) {
  $(id).addEventListener("input", refilter);
}

// --- one entry, whole -----------------------------------------------------

function pretty(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;  // not JSON: as sent
  }
}

function section(title, ...content) {
  const part = el("section");
  part.append(el("h2", title), ...content);
  return part;
}

function headerTable(headers) {
  const table = el("table");
  for (const [name, value] of Object.entries(headers)) {
    const row = el("tr");
    row.append(el("td", name), el("td", value));
    table.append(row);
  }
  return table;
}

function select(id) {
  const e = state.entries.get(id);
  if (!e) return;
  state.selected = id;
  saveFragment();
  for (const row of $("journal").tBodies[0].rows) {
    row.classList.toggle("selected", Number(row.dataset.id) === id);
  }
  const detail = $("detail");
  detail.hidden = false;
  // What went wrong first: that is why one opens an entry.
  detail.replaceChildren(section("Request " + e.id + ": " + e.request.method + " " + e.request.url));
  if (e.violations.length > 0) {
    const list = el("ul");
    for (const v of e.violations) list.append(el("li", v.rule + ": " + v.message, "violation"));
    detail.append(section("Contract violations", list));
  }
  if (e.nearMisses.length > 0) {
    const list = el("ul");
    for (const m of e.nearMisses) list.append(el("li", "rule " + m.rule + ": " + m.reason));
    detail.append(section("Why no rule matched", list));
  }
  if (e.didYouMean) detail.append(section("Did you mean", el("pre", e.didYouMean)));
  detail.append(
    section("Headers", headerTable(e.request.headers)),
    section("Body", el("pre", pretty(e.request.body))),
    section("Answer: " + answerText(e) + ", from " + ruleText(e) + ", in " +
              durationText(e.timing.totalMicros),
            el("pre", pretty(e.response.body))),
  );
  // The answer's own headers (Retry-After on a 429, an upstream's), when it has any.
  const answerHeaders = e.response.headers || {};
  if (Object.keys(answerHeaders).length > 0) {
    detail.append(section("Answer headers", headerTable(answerHeaders)));
  }
  if (e.random) detail.append(section("Drawn at random", el("pre", JSON.stringify(e.random))));
}

