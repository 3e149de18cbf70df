// drivemock's dashboard. It speaks only the admin API (so everything it shows
// can be scripted too) and builds every piece of the page with textContent:
// request bodies and headers come from clients and are never read as HTML.
// The page's scripts are plain scripts that share one global scope, loaded in
// order by index.html: admin-api.js, journal.js, session-groups.js,
// sessions.js, directories.js, scenarios.js, saves.js,
// recording.js, my-session.js, location.js, then this one, which follows the journal and starts the page.
"use strict";

// --- views ---------------------------------------------------------------

// What each view reads from the server when it is shown.
const onShow = {
  "sessions-view": () => loadSessions(),
  "directories-view": () => loadDirectories(),
  "scenarios-view": () => loadScenarios(),
  "recording-view": () => loadRecording(),
};

for (const button of document.querySelectorAll("#views button")) {
  button.addEventListener("click", () => {
    for (const b of document.querySelectorAll("#views button")) {
      b.classList.toggle("current", b === button);
      $(b.dataset.view).hidden = b !== button;
    }
    onShow[button.dataset.view]?.();
    saveFragment();
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
      const entries = [];
      let start = 0;
      for (let end; (end = buffer.indexOf("\n\n", start)) >= 0; start = end + 2) {
        handleEvent(buffer.slice(start, end), entries);
      }
      buffer = buffer.slice(start);
      if (entries.length > 0) {
        addEntries(entries);
        sessionsTouched();
        directoryTouched();
        recordingTouched();
      }
    }
  } catch (error) {
    if (error instanceof Unauthorized) return askForToken("The token was refused.");
  }
  live(false);
  setTimeout(follow, 1000);  // resumes after the last entry shown: no gap
}

/// One event: a request goes to `entries`, shown with the rest of its chunk.
function handleEvent(block, entries) {
  let event = "message";
  let data = "";
  for (const line of block.split("\n")) {
    if (line.startsWith("event: ")) event = line.slice(7);
    else if (line.startsWith("data: ")) data += line.slice(6);
  }
  if (event === "request") entries.push(JSON.parse(data));
  if (event === "missed") {
    state.missed += JSON.parse(data).missed;
    state.lastMissed = performance.now();
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
    await checkMySession();
    const operations = await (await api("/__admin/operations")).json();
    const select = $("filter-operation");
    select.replaceChildren(el("option", "any"));
    select.firstChild.value = "";
    for (const op of operations.operations) select.append(el("option", op.name));
    // What is journaled already, oldest first, then everything after it live.
    const journal = await (await api("/__admin/requests?limit=" + MAX_ROWS)).json();
    addEntries(journal.requests.reverse());
    await applyFragment();  // a link or a reload shows what it showed
    follow();
    const events = (await (await api("/__admin/events")).json()).events;
    lastEventId = events.length ? events[events.length - 1].id : 0;
    await refreshSaves();
    setTimeout(followChanges, CHANGES_EVERY_MS);
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
