// drivemock's dashboard. It speaks only the admin API (so everything it shows
// can be scripted too) and builds every piece of the page with textContent:
// request bodies and headers come from clients and are never read as HTML.
"use strict";

const TOKEN_KEY = "drivemock.adminToken";  // sessionStorage: this tab only
const MAX_ROWS = 2000;  // older rows leave the page (the journal keeps them)

const state = { lastId: 0, missed: 0, entries: new Map(), selected: null };
const $ = (id) => document.getElementById(id);

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

// --- the admin API, with the token when there is one ---------------------

class Unauthorized extends Error {}

function authHeaders() {
  const token = sessionStorage.getItem(TOKEN_KEY);
  return token ? { Authorization: "Bearer " + token } : {};
}

async function api(path, options = {}) {
  const response = await fetch(path, {
    ...options,
    headers: { ...authHeaders(), ...(options.headers || {}) },
  });
  if (response.status === 401) throw new Unauthorized();
  return response;
}

function askForToken(message) {
  $("token-form").hidden = false;
  $("views").hidden = true;
  for (const view of document.querySelectorAll("main")) view.hidden = true;
  $("token-error").textContent = message || "";
  $("token").focus();
}

$("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  sessionStorage.setItem(TOKEN_KEY, $("token").value);
  $("token").value = "";
  start();
});

// --- journal rows ---------------------------------------------------------

function answerText(e) {
  return e.response.fault ? "fault: " + e.response.fault : String(e.response.status);
}

function matchedText(e) {
  if (e.limited) return "rate limit " + e.limited.file + "#" + e.limited.index;
  if (!e.matched) return "built-in";
  return e.matched.scenario + (e.matched.rule ? "#" + e.matched.rule : "#defaults");
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
    el("td", answerText(e), e.response.fault || e.response.status >= 400 ? "status-error" : ""),
    el("td", matchedText(e), "matched"),
    el("td", e.timing.totalMicros),
    el("td", "", "mark"),
  );
  if (e.violations.length > 0) {
    row.classList.add("violating");
    row.title = e.violations.length + " contract violation(s)";
  }
  row.addEventListener("click", () => select(e.id));
  return row;
}

function visible(e) {
  const uuid = $("filter-uuid").value.trim();
  const operation = $("filter-operation").value;
  if (uuid && !(e.uuid || "").includes(uuid)) return false;
  if (operation && e.operation !== operation) return false;
  if ($("filter-violations").checked && e.violations.length === 0) return false;
  return true;
}

function add(e) {
  if (e.id <= state.lastId) return;  // already shown (a resumed stream)
  state.lastId = e.id;
  state.entries.set(e.id, e);
  const row = rowFor(e);
  row.hidden = !visible(e);
  const body = $("journal").tBodies[0];
  body.insertBefore(row, body.firstChild);  // newest first
  while (body.rows.length > MAX_ROWS) {
    const oldest = body.rows[body.rows.length - 1];
    state.entries.delete(Number(oldest.dataset.id));
    oldest.remove();
  }
  showCounts();
}

function refilter() {
  for (const row of $("journal").tBodies[0].rows) {
    row.hidden = !visible(state.entries.get(Number(row.dataset.id)));
  }
  showCounts();
}

function showCounts() {
  const rows = [...$("journal").tBodies[0].rows];
  const shown = rows.filter((r) => !r.hidden).length;
  $("counts").textContent = shown + " of " + rows.length + " requests shown";
  $("missed").hidden = state.missed === 0;
  $("missed").textContent = state.missed + " requests came too fast to show (they are in the journal)";
}

for (const id of ["filter-uuid", "filter-operation", "filter-violations"]) {
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
    section("Answer: " + answerText(e) + " (" + matchedText(e) + ")",
            el("pre", pretty(e.response.body))),
  );
  if (e.random) detail.append(section("Drawn at random", el("pre", JSON.stringify(e.random))));
}

// --- directories: scripted or seen, each with its state -------------------

const DIRECTORY_LIMIT = 200;
const directoryRows = new Map();  // uuid -> row shown
let directoryRefresh = null;

function directoryRow(d) {
  const row = el("tr");
  const calls = Object.entries(d.calls).map(([op, n]) => op + " " + n).join(", ");
  const form = el("form");
  const input = el("input");
  input.placeholder = "state";
  input.required = true;
  form.append(input, el("button", "set"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const response = await api("/__admin/directories/" + encodeURIComponent(d.uuid) + "/state", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ state: input.value }),
    });
    if (response.ok) showDirectory(await response.json());
  });
  const cell = el("td");
  cell.append(form);
  row.append(el("td", d.uuid, "uuid"), el("td", d.state, "state"), el("td", d.color ?? "-"),
             el("td", calls), cell);
  return row;
}

function showDirectory(d) {
  const row = directoryRow(d);
  const old = directoryRows.get(d.uuid);
  if (old) old.replaceWith(row);
  else $("directories").tBodies[0].append(row);
  directoryRows.set(d.uuid, row);
}

async function loadDirectories() {
  const part = $("directory-filter").value.trim();
  const response = await api("/__admin/directories?limit=" + DIRECTORY_LIMIT +
                             "&uuid=" + encodeURIComponent(part));
  const list = await response.json();
  directoryRows.clear();
  $("directories").tBodies[0].replaceChildren();
  for (const d of list.directories) showDirectory(d);
  $("directory-counts").textContent = list.directories.length + " of " + list.total + " shown";
}

/// A request came in: while the view is shown, the list is read again (its
/// states and counts may have moved), at most every 250 ms.
function directoryTouched() {
  if ($("directories-view").hidden || directoryRefresh) return;
  directoryRefresh = setTimeout(async () => {
    directoryRefresh = null;
    await loadDirectories();
  }, 250);
}

$("directory-filter").addEventListener("input", () => loadDirectories());

for (const button of document.querySelectorAll("#views button")) {
  button.addEventListener("click", () => {
    for (const b of document.querySelectorAll("#views button")) {
      b.classList.toggle("current", b === button);
      $(b.dataset.view).hidden = b !== button;
    }
    if (button.dataset.view === "directories-view") loadDirectories();
  });
}

// --- live: the journal's event stream ----------------------------------------

function live(on) {
  $("connection").textContent = on ? "live" : "reconnecting…";
  $("connection").classList.toggle("live", on);
}

// fetch instead of EventSource: EventSource cannot send the admin token.
async function follow() {
  try {
    const response = await api("/__admin/requests/stream?since_id=" + state.lastId);
    if (!response.ok) throw new Error("stream answered " + response.status);
    live(true);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        handleEvent(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
  } catch (error) {
    if (error instanceof Unauthorized) return askForToken("The token was refused.");
  }
  live(false);
  setTimeout(follow, 1000);  // resumes after the last entry shown: no gap
}

function handleEvent(block) {
  let event = "message";
  let data = "";
  for (const line of block.split("\n")) {
    if (line.startsWith("event: ")) event = line.slice(7);
    else if (line.startsWith("data: ")) data += line.slice(6);
  }
  if (event === "request") {
    const entry = JSON.parse(data);
    add(entry);
    if (entry.uuid) directoryTouched();
  }
  if (event === "missed") {
    state.missed += JSON.parse(data).missed;
    showCounts();
  }
}

// --- start ---------------------------------------------------------------

async function start() {
  try {
    const health = await (await api("/__admin/health")).json();
    $("token-form").hidden = true;
    $("views").hidden = false;
    const current = document.querySelector("#views button.current").dataset.view;
    $(current).hidden = false;
    $("health").textContent = "v" + health.version + ", seed " + health.seed;
    const operations = await (await api("/__admin/operations")).json();
    const select = $("filter-operation");
    select.replaceChildren(el("option", "any"));
    select.firstChild.value = "";
    for (const op of operations.operations) select.append(el("option", op.name));
    // What is journaled already, oldest first, then everything after it live.
    const journal = await (await api("/__admin/requests?limit=" + MAX_ROWS)).json();
    for (const e of journal.requests.reverse()) add(e);
    follow();
  } catch (error) {
    if (error instanceof Unauthorized) {
      const had = sessionStorage.getItem(TOKEN_KEY);
      sessionStorage.removeItem(TOKEN_KEY);
      return askForToken(had ? "The token was refused." : "");
    }
    $("connection").textContent = "drivemock is not answering: " + error.message;
  }
}

start();
