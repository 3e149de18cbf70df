// What the page shows, in the URL fragment: the view, the journal's filters
// and the entry opened ("#view=journal&uuid=d1&operation=trash&violations=1
// &mine=0&entry=42"), so that a link or a reload shows the same thing. Written
// with replaceState (no history entry per keystroke); read at start and
// when a link changes the fragment.
"use strict";

const VIEW_PREFIX = "-view";

/// The fragment for what is shown now.
function currentFragment() {
  const params = new URLSearchParams();
  const view = document.querySelector("#views button.current").dataset.view;
  if (view !== "journal-view") params.set("view", view.slice(0, -VIEW_PREFIX.length));
  const uuid = $("filter-uuid").value.trim();
  if (uuid) params.set("uuid", uuid);
  if ($("filter-operation").value) params.set("operation", $("filter-operation").value);
  if ($("filter-violations").checked) params.set("violations", "1");
  if (!$("filter-mine").checked) params.set("mine", "0");
  if (state.selected !== null) params.set("entry", String(state.selected));
  return params.toString();
}

function saveFragment() {
  const fragment = currentFragment();
  history.replaceState(null, "", fragment ? "#" + fragment : location.pathname + location.search);
}

/// Shows what the fragment says: the view, the filters, then the entry
/// (read from the server when the page has not got it).
async function applyFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const view = (params.get("view") || "journal") + VIEW_PREFIX;
  const button = document.querySelector(`#views button[data-view="${CSS.escape(view)}"]`);
  if (button && !button.classList.contains("current")) button.click();
  $("filter-uuid").value = params.get("uuid") || "";
  const operation = params.get("operation") || "";
  const known = [...$("filter-operation").options].some((o) => o.value === operation);
  $("filter-operation").value = known ? operation : "";
  $("filter-violations").checked = params.get("violations") === "1";
  $("filter-mine").checked = params.get("mine") !== "0";
  refilter();
  const entry = Number(params.get("entry"));
  if (Number.isInteger(entry) && entry > 0) {
    if (!state.entries.has(entry)) {
      const response = await api("/__admin/requests/" + entry);
      if (response.ok) state.entries.set(entry, await response.json());
    }
    select(entry);
  }
}

window.addEventListener("hashchange", () => applyFragment());
