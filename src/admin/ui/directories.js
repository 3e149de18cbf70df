// The directories view: the uuids scripted or seen, each with its state,
// stored color and calls; a state set from here.
"use strict";

// --- directories: scripted or seen, each with its state -------------------

const DIRECTORY_LIMIT = 200;
const directoryRows = new Map();  // uuid -> row shown
let directoriesAsked = 0;         // the newest list read asked for

// A row for one uuid, made once: live reloads refresh its cells and leave its
// form alone, so a state being typed is neither wiped nor blurred.
function directoryRow(uuid) {
  const row = el("tr");
  const form = el("form");
  const input = el("input");
  input.placeholder = "state";
  input.required = true;
  form.append(input, el("button", "set"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const response = await api("/__admin/directories/" + encodeURIComponent(uuid) + "/state", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ state: input.value }),
    });
    if (!response.ok) return;
    input.value = "";
    showDirectory(await response.json());
  });
  const cell = el("td");
  cell.append(form);
  row.append(el("td", uuid, "uuid"), el("td", null, "state"), el("td"), el("td"), cell);
  row.addEventListener("click", (event) => {
    if (!form.contains(event.target)) openDirectory(uuid);
  });
  return row;
}

// --- one directory: what its script will do ---------------------------------

let directoryOpen = null;  // the uuid whose script is shown

/// "answer 2 of 3 next", "one of 3, drawn", or the one answer.
function nextText(r) {
  if (r.next === null) return "one of " + r.answers + ", drawn per call";
  if (r.answers === 1) return "1 answer";
  return "answer " + r.next + " of " + r.answers + " next" + (r.cycle ? " (cycles)" : "");
}

function whenText(when) {
  const parts = Object.entries(when).map(([k, v]) => k + ": " + (typeof v === "string" ? v : JSON.stringify(v)));
  return parts.length ? "when " + parts.join(", ") : "always";
}

/// The uuid's state and counters, and per operation its rules, each with
/// its file and line and the answer a sequence gives next.
async function openDirectory(uuid) {
  directoryOpen = uuid;
  const response = await api("/__admin/directories/" + encodeURIComponent(uuid));
  if (!response.ok || directoryOpen !== uuid) return;
  const d = await response.json();
  for (const row of $("directories").tBodies[0].rows) {
    row.classList.toggle("selected", row.cells[0].textContent === uuid);
  }
  $("directory-title").textContent = uuid + ": " + d.state + ", calls " +
    Object.entries(d.calls).map(([op, n]) => op + " " + n).join(", ");
  const rules = $("directory-rules");
  rules.replaceChildren();
  const scripts = Object.entries(d.scripts || {});
  if (scripts.length === 0) rules.append(el("p", "No scenario scripts this uuid: defaults or built-in answers.", "muted"));
  for (const [op, list] of scripts) {
    rules.append(el("h3", op));
    const items = el("ol");
    for (const r of list) {
      const item = el("li");
      item.dataset.rule = r.rule;
      item.append(el("span", whenText(r.when) + ": " + nextText(r) + (r.then ? ", then " + r.then : "")),
                  el("span", " " + r.file + ":" + r.line + " (" + r.set + ")", "muted where"));
      items.append(item);
    }
    rules.append(items);
  }
  $("directory-script").hidden = false;
}

/// The row of `d.uuid`, made if new, its state, color and calls as `d` says.
function showDirectory(d) {
  let row = directoryRows.get(d.uuid);
  if (!row) {
    row = directoryRow(d.uuid);
    directoryRows.set(d.uuid, row);
  }
  const calls = Object.entries(d.calls).map(([op, n]) => op + " " + n).join(", ");
  row.cells[1].textContent = d.state;
  row.cells[2].textContent = d.color ?? "-";
  row.cells[3].textContent = calls;
  return row;
}

async function loadDirectories() {
  const asked = ++directoriesAsked;
  const part = $("directory-filter").value.trim();
  const response = await api("/__admin/directories?limit=" + DIRECTORY_LIMIT +
                             "&uuid=" + encodeURIComponent(part));
  const list = await response.json();
  // Filter keystrokes and live reloads overlap: only the newest read is shown.
  if (asked !== directoriesAsked) return;
  const rows = list.directories.map(showDirectory);
  const shown = new Set(rows);
  for (const [uuid, row] of directoryRows) if (!shown.has(row)) directoryRows.delete(uuid);
  // Rows already in place are not moved (moving one would blur its input).
  const body = $("directories").tBodies[0];
  rows.forEach((row, i) => {
    if (body.children[i] !== row) body.insertBefore(row, body.children[i] ?? null);
  });
  while (body.children.length > rows.length) body.lastElementChild.remove();
  $("directory-counts").textContent = list.directories.length + " of " + list.total + " shown";
  if (directoryOpen) openDirectory(directoryOpen);  // its next answers move with the calls
}

/// A request came in: while the view is shown, the list is read again (its
/// states and counts may have moved), at most every 250 ms.
const directoryTouched = whileShown("directories-view", loadDirectories);

$("directory-filter").addEventListener("input", () => loadDirectories());
