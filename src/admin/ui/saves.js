// Saves you can see: a save of a scenario file (watched by default) or a
// reload whose errors kept the last good sets is shown in a banner over
// every view (file, line, column, message) until a good save, as
// /__admin/health shows it `degraded`; a pushed set that hides a file's
// scripts is marked in the scenario list, and a save of that file says the
// push still wins. A save sends no request, so the admin events are polled.
"use strict";

const CHANGES_EVERY_MS = 2000;
const SHOWN_PROBLEMS = 5;
let lastEventId = 0;

function where(p) {
  return p.line > 0 ? p.file + ":" + p.line + ":" + p.column : p.file;
}

function hiddenText(h) {
  return h.scripts === 0
    ? "pushed set '" + h.by + "' replaces set '" + h.set + "' (" + h.source + "), whose name it has"
    : "pushed set '" + h.by + "' shadows " + h.scripts + " script(s) of set '" + h.set + "' (" + h.source + ")";
}

/// The banner for the scenario list's answer: the refused save's problems,
/// or, after a good save, the pushes that still win over the file.
function showSaves(list) {
  const banner = $("reload-banner");
  const reload = list.lastReload;
  const pushedOver = list.pushedOverFiles || [];
  const lines = [];
  let heading = null;
  if (reload && reload.outcome === "failed") {
    const errors = reload.problems.filter((p) => p.severity === "error");
    const files = [...new Set(errors.map((p) => p.file))].join(", ");
    heading = "Not loaded: the last " + (reload.cause === "watched" ? "save" : "reload") + " of " +
              files + " has " + errors.length + (errors.length === 1 ? " error" : " errors") +
              "; the last good sets are still served (" + reload.at + ").";
    for (const p of errors.slice(0, SHOWN_PROBLEMS)) lines.push(where(p) + ": " + p.message);
    if (errors.length > SHOWN_PROBLEMS) lines.push("… and " + (errors.length - SHOWN_PROBLEMS) + " more");
    banner.className = "";
  } else if (reload && reload.stillHidden.some((h) => pushedOver.some((o) => o.by === h.by && o.set === h.set))) {
    heading = "Saved and read, but a push still wins over the file while it is in force: delete the " +
              "pushed set (Scenarios) or Reset to bring the file's scripts back.";
    for (const h of reload.stillHidden) lines.push(hiddenText(h));
    banner.className = "warning";
  }
  banner.hidden = heading === null;
  if (heading === null) return;
  const items = el("ul");
  for (const line of lines) items.append(el("li", line));
  banner.replaceChildren(el("strong", heading), items);
}

/// Marks the scenario list's rows: a file set whose save was refused, and a
/// pushed set that hides a file's scripts.
function markScenarioRows(list) {
  const refused = new Set();
  if (list.lastReload && list.lastReload.outcome === "failed") {
    for (const p of list.lastReload.problems) if (p.severity === "error") refused.add(p.file);
  }
  for (const row of $("scenarios").tBodies[0].rows) {
    const source = row.querySelector("td.source");
    if (refused.has(source.textContent)) {
      row.classList.add("refused");
      source.title = "Its last save was refused: the set served is the last good one";
    }
    for (const h of (list.pushedOverFiles || []).filter((o) => o.by === row.dataset.name)) {
      const tag = el("span", (h.scripts === 0 ? "replaces " : "shadows ") + h.source, "tag");
      tag.title = hiddenText(h) + ": saves of that file change nothing it hides until this set is deleted or reset";
      row.querySelector("td.name").append(tag);
    }
  }
}

async function refreshSaves() {
  const list = await (await api("/__admin/scenarios")).json();
  showSaves(list);
  return list;
}

/// Polls the admin events; a change to the scenarios refreshes the banner
/// and, when it is shown, the scenario list.
async function followChanges() {
  try {
    const events = (await (await api("/__admin/events?since_id=" + lastEventId)).json()).events;
    if (events.length > 0) lastEventId = events[events.length - 1].id;
    if (events.some((e) => ["reload", "push", "delete", "reset"].includes(e.kind))) {
      if (!$("scenarios-view").hidden) await loadScenarios();
      else await refreshSaves();
    }
  } catch (error) {
    if (error instanceof Unauthorized) return;  // the token form is shown; start() follows again
  }
  setTimeout(followChanges, CHANGES_EVERY_MS);
}
