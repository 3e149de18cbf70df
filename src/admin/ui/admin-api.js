// The admin API as the dashboard's scripts call it: with the token when
// there is one (kept in sessionStorage, for this tab only), and the helpers
// every view uses to build the page.
"use strict";

const TOKEN_KEY = "drivemock.adminToken";  // sessionStorage: this tab only
const MY_SESSION_KEY = "drivemock.mySession";  // {id, name, apiKey}: this tab's session
const $ = (id) => document.getElementById(id);

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

// --- the admin API, with the token when there is one ---------------------

// A link with "#token=…" (what the JS package prints for a drivemock it
// started) logs this tab in: the token is kept for the tab and taken out of
// the address bar at once (a fragment never reaches a server or a Referer).
(function takeTokenFromFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const token = params.get("token");
  if (!token) return;
  sessionStorage.setItem(TOKEN_KEY, token);
  params.delete("token");
  const rest = params.toString();
  history.replaceState(null, "", rest ? "#" + rest : location.pathname + location.search);
})();

class Unauthorized extends Error {}

function authHeaders() {
  const token = sessionStorage.getItem(TOKEN_KEY);
  return token ? { Authorization: "Bearer " + token } : {};
}

// --- this tab's own session (my-session.js opens it) -------------------------

/// The session this tab opened, or null: a tester's own, on a drivemock a
/// team shares.
function mySession() {
  try {
    return JSON.parse(sessionStorage.getItem(MY_SESSION_KEY));
  } catch {
    return null;
  }
}

// What a session scopes (docs/admin-api.md, "Sessions"): its sets, pushes
// and deletes, its directories' states. Reload acts on the files, for all.
const SESSION_SCOPED = /^\/__admin\/(scenarios(?!\/reload)|directories)(\/|\?|$)/;

/// `path` in this tab's session, when it has one and the path is one a
/// session scopes; a reset resets the session alone.
function scopedPath(path) {
  const mine = mySession();
  if (!mine) return path;
  if (path === "/__admin/reset") return "/__admin/sessions/" + encodeURIComponent(mine.id) + "/reset";
  if (!SESSION_SCOPED.test(path)) return path;
  return path + (path.includes("?") ? "&" : "?") + "session=" + encodeURIComponent(mine.id);
}

async function api(path, options = {}) {
  const response = await fetch(scopedPath(path), {
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

/// `load`, called at most every 250 ms and only while the view is shown: what
/// a view does when a request may have changed what it shows.
function whileShown(view, load) {
  let pending = null;  // a read to come, which every touch till then joins
  let running = null;  // the read under way
  return () => {
    if ($(view).hidden || pending) return;
    pending = setTimeout(async () => {
      // One read at a time, each started after the touches it answers: two
      // at once could answer out of order and leave the older one shown.
      if (running) await running.catch(() => {});
      pending = null;
      const mine = load();
      running = mine;
      await mine.catch(() => {});
      if (running === mine) running = null;
    }, 250);
  };
}

/// A diagnostic as the server writes it, or an error's message.
async function failure(response) {
  try {
    const body = await response.json();
    return body.message || response.status + " " + response.statusText;
  } catch {
    return response.status + " " + response.statusText;
  }
}
