// The scenarios view: the sets in force, each with its YAML, and an editor
// that checks a set as it is typed (a dry-run push: nothing changes) and
// pushes it, with every error and warning at its line and column.
"use strict";

const CHECK_AFTER_MS = 400;  // a pause in typing, then the text is checked
let checkTimer = null;
let checkedText = null;  // the text the diagnostics shown are for

function scenarioStatus(text, className) {
  const status = $("scenario-status");
  status.textContent = text;
  status.className = className || "muted";
}

async function loadScenarios() {
  const list = await (await api("/__admin/scenarios")).json();
  const body = $("scenarios").tBodies[0];
  body.replaceChildren();
  for (const set of list.scenarios) {
    const row = el("tr");
    row.dataset.name = set.name;
    const remove = el("button", "delete");
    remove.type = "button";
    remove.addEventListener("click", (event) => {
      event.stopPropagation();
      deleteScenario(set.name);
    });
    const actions = el("td");
    actions.append(remove);
    row.append(el("td", set.name, "name"), el("td", set.source, "source"),
               el("td", set.directories), el("td", set.rules), actions);
    row.addEventListener("click", () => openScenario(set.name));
    body.append(row);
  }
  showSaves(list);
  markScenarioRows(list);
}

async function openScenario(name) {
  const response = await api("/__admin/scenarios/" + encodeURIComponent(name));
  if (!response.ok) return scenarioStatus(await failure(response), "error");
  const set = await response.json();
  for (const row of $("scenarios").tBodies[0].rows) {
    row.classList.toggle("selected", row.dataset.name === name);
  }
  $("editor-title").textContent = "Set " + set.name + " (" + set.source + ")";
  if (set.yaml === null) {
    // Over a megabyte: kept by the server as its catalog only.
    setEditorText("");
    scenarioStatus("This set's document is " + set.bytes + " bytes, too big to keep for the " +
                   "editor; edit " + set.source + " and reload.", "warning");
    return;
  }
  setEditorText(set.yaml);
  scenarioStatus("Pushing replaces the set of this name (a file's set until reset or reload).");
}

async function deleteScenario(name) {
  const response = await api("/__admin/scenarios/" + encodeURIComponent(name), {
    method: "DELETE",
  });
  scenarioStatus(response.ok ? "Set " + name + " deleted." : await failure(response),
                 response.ok ? "muted" : "error");
  await loadScenarios();
}

/// POSTs to `path`; when it succeeds, runs `after` and then says `done`.
async function scenarioCommand(path, done, after) {
  const response = await api(path, { method: "POST" });
  if (response.ok) {
    after?.();
    scenarioStatus(done);
  } else {
    const body = await response.json();
    scenarioStatus((body.errors || [body.message]).join("\n"), "error");
  }
  await loadScenarios();
}

$("scenario-new").addEventListener("click", () => {
  for (const row of $("scenarios").tBodies[0].rows) row.classList.remove("selected");
  $("editor-title").textContent = "New set";
  setEditorText("name: my-set\ndirectories:\n  my-uuid:\n    trash:\n      respond: {http: 503}\n");
  scenarioStatus("");
});
$("scenario-reload").addEventListener("click", () =>
  scenarioCommand("/__admin/scenarios/reload", "Files read again."));
$("scenario-reset").addEventListener("click", () =>
  mySession()
    ? scenarioCommand("/__admin/reset", "Your session reset: its pushed sets dropped, its states " +
                                        "and sequences back to the start; no one else's touched.")
    : scenarioCommand("/__admin/reset", "Reset: journal emptied, pushed sets dropped, states and " +
                                        "sequences back to the start.", clearJournal));

// --- the editor ------------------------------------------------------------
//
// A textarea over a mirror of its text (#editor-mirror) in which the lines
// with a diagnostic are marked and the column is underlined; the gutter
// numbers the lines. The three scroll together.

function setEditorText(text) {
  $("editor-text").value = text;
  showDiagnostics([]);
  scheduleCheck();
}

function showDiagnostics(diagnostics) {
  const text = $("editor-text").value;
  const lines = text.split("\n");
  const byLine = new Map();
  for (const d of diagnostics) {
    if (d.line >= 1 && d.line <= lines.length && !byLine.has(d.line)) byLine.set(d.line, d);
  }
  const gutter = $("editor-gutter");
  const mirror = $("editor-mirror");
  gutter.replaceChildren();
  mirror.replaceChildren();
  lines.forEach((line, i) => {
    const d = byLine.get(i + 1);
    const number = el("div", i + 1, d ? d.severity : "");
    const copy = el("div", null, d ? d.severity : "");
    if (d) {
      number.title = d.message;
      const column = Math.max(0, Math.min(d.column - 1, line.length));
      copy.append(line.slice(0, column), el("mark", line.slice(column, column + 1) || " "),
                  line.slice(column + 1));
    } else {
      copy.textContent = line || " ";
    }
    gutter.append(number);
    mirror.append(copy);
  });
  const list = $("editor-diagnostics");
  list.replaceChildren();
  for (const d of diagnostics) {
    const where = d.line > 0 ? "line " + d.line + ", column " + d.column : d.file;
    const item = el("li", where + ": " + d.severity + ": " + d.message, d.severity);
    if (d.line > 0) {
      item.dataset.line = d.line;
      item.addEventListener("click", () => placeCaret(d.line, d.column));
    }
    list.append(item);
  }
  syncScroll();
}

function placeCaret(line, column) {
  const area = $("editor-text");
  const lines = area.value.split("\n");
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; ++i) offset += lines[i].length + 1;
  offset += Math.max(0, column - 1);
  area.focus();
  area.setSelectionRange(offset, offset + 1);
}

function syncScroll() {
  const area = $("editor-text");
  $("editor-gutter").scrollTop = area.scrollTop;
  $("editor-mirror").scrollTop = area.scrollTop;
  $("editor-mirror").scrollLeft = area.scrollLeft;
}

async function pushScenario(dryRun) {
  const text = $("editor-text").value;
  const response = await api("/__admin/scenarios" + (dryRun ? "?dry_run=true" : ""), {
    method: "POST",
    headers: { "Content-Type": "application/yaml" },
    body: text,
  });
  const body = await response.json();
  if (text !== $("editor-text").value) return;  // typed on meanwhile: a later check comes
  checkedText = text;
  showDiagnostics(body.diagnostics || []);
  if (response.ok) {
    scenarioStatus(body.message);
  } else if (body.diagnostics) {
    const errors = body.diagnostics.filter((d) => d.severity === "error").length;
    const count = errors + (errors === 1 ? " error" : " errors");
    scenarioStatus(dryRun ? count + " (below): pushing would change nothing"
                          : "Not pushed; nothing changed: " + count + " below", "error");
  } else {
    scenarioStatus(body.message, "error");  // not a load error: a refused request
  }
  if (!dryRun) await loadScenarios();
}

function scheduleCheck() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(() => {
    if ($("editor-text").value !== checkedText && $("editor-text").value.trim() !== "") {
      pushScenario(true);
    }
  }, CHECK_AFTER_MS);
}

$("editor-text").addEventListener("input", () => {
  checkedText = null;
  showDiagnostics([]);  // the old marks no longer sit where they were found
  scheduleCheck();
});
$("editor-text").addEventListener("scroll", syncScroll);
$("editor-push").addEventListener("click", () => pushScenario(false));
