// The directories view: the uuids scripted or seen, each with its state,
// stored color and calls; a state set from here.
"use strict";

// --- directories: scripted or seen, each with its state -------------------

const DIRECTORY_LIMIT = 200;
const directoryRows = new Map();  // uuid -> row shown

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
const directoryTouched = whileShown("directories-view", loadDirectories);

$("directory-filter").addEventListener("input", () => loadDirectories());
