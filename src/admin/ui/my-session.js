// A session of one's own, for a tester on a drivemock a team shares: the
// header's button opens one (POST /__admin/sessions) and shows its apiKey to
// copy into the app under test, whose calls with it are then the session's.
// This tab's resets, pushes, deletes and state changes then touch that
// session alone (scopedPath in admin-api.js), so one tester's Reset wipes no
// one else's, and its journal shows that session's calls (unless unticked).
// Kept for the tab (sessionStorage), as the admin token is.
"use strict";

function showMySession() {
  const mine = mySession();
  $("my-session-open").hidden = Boolean(mine);
  $("my-session-shown").hidden = !mine;
  $("scenario-reset").textContent = mine ? "Reset my session" : "Reset";
  $("filter-mine-label").hidden = !mine;
  applyFilters();
  if (!mine) return;
  $("my-session-name").textContent = mine.name;
  $("my-session-key").value = mine.apiKey;
  $("my-session-note").textContent = "";
}

$("my-session-open").addEventListener("click", async () => {
  const response = await api("/__admin/sessions", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "dashboard-" + new Date().toISOString().slice(11, 19) }),
  });
  if (!response.ok) {
    $("my-session-error").textContent = await failure(response);
    return;
  }
  const opened = await response.json();
  $("my-session-error").textContent = "";
  sessionStorage.setItem(MY_SESSION_KEY, JSON.stringify({ id: opened.id, name: opened.name, apiKey: opened.apiKey }));
  showMySession();
});

// navigator.clipboard needs a secure context, which http://a-shared-box:8080
// is not: there the selected field is copied the old way.
$("my-session-copy").addEventListener("click", async () => {
  const key = $("my-session-key");
  let copied = false;
  try {
    await navigator.clipboard.writeText(key.value);
    copied = true;
  } catch {
    key.select();
    copied = document.execCommand("copy");
  }
  $("my-session-note").textContent = copied ? "copied" : "select it and copy";
});

$("my-session-close").addEventListener("click", async () => {
  const mine = mySession();
  sessionStorage.removeItem(MY_SESSION_KEY);
  if (mine) await api("/__admin/sessions/" + encodeURIComponent(mine.id), { method: "DELETE" }).catch(() => {});
  showMySession();
});

/// At start: a session this tab opened that is no longer open is forgotten.
async function checkMySession() {
  const mine = mySession();
  if (mine) {
    const response = await api("/__admin/sessions/" + encodeURIComponent(mine.id));
    if (!response.ok) sessionStorage.removeItem(MY_SESSION_KEY);
  }
  $("my-session").hidden = false;
  showMySession();
}
