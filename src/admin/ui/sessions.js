// The sessions view: the journal grouped by session (test), as the report
// of a run shows it (session-groups.js): each session with its counts, its
// calls drawn when opened, the client's lock calls folded under the call
// they guard, the admin events between calls, each test's outcome, failed
// tests first; requests outside sessions in a group of their own. Read
// again, at most every 250 ms, while it is shown and requests or admin
// events come in; the sessions opened stay open.
"use strict";

/// The dashboard's journal entries and events in the report's compact rows.
function sessionData(entries, events, folded) {
  const sessions = [];
  const index = new Map();
  const of = (tag) => {
    if (!tag) return -1;
    if (!index.has(tag.id)) {
      index.set(tag.id, sessions.length);
      sessions.push([tag.id, tag.name]);
    }
    return index.get(tag.id);
  };
  const eventRows = events.map((e) => [e.id, of(e.session), e.afterRequest, e.time, e.kind, e.message, e.details || {}]);
  const requests = entries.map((e) => [
    e.id,
    of(e.session),
    e.loggedDate,
    e.operation || "",
    e.uuid || "",
    e.response.status,
    envelopeCode(e.response.body),
    e.response.fault || "",
    e.matched ? e.matched.scenario + (e.matched.rule ? "#" + e.matched.rule : "") : "",
    folded.has(e.operation) ? 1 : 0,
    e.violations.map((v) => v.rule + ": " + v.message),
    e.nearMisses.map((m) => "rule " + m.rule + ": " + m.reason),
    e.didYouMean || "",
    e.limited ? e.limited.file + " limit " + e.limited.index : "",
    isError(e) ? 1 : 0,
    e.request.body || "",
    e.response.body || "",
  ]);
  return { sessions, requests, events: eventRows };
}

async function loadSessions() {
  const [journal, timeline, operations] = await Promise.all(
    ["/__admin/requests", "/__admin/events", "/__admin/operations"].map(async (p) => (await api(p)).json()),
  );
  // The operations a dialect adds (the SDK's lock) are the client's housekeeping.
  const folded = new Set(operations.operations.filter((o) => /dialect/.test(o.source)).map((o) => o.name));
  const data = sessionData(journal.requests.reverse(), timeline.events, folded);
  if (timeline.events.length) lastEventSeen = timeline.events[timeline.events.length - 1].id;
  const opened = new Set([...document.querySelectorAll("#session-groups details.session[open]")].map((d) => d.dataset.session));
  const groups = SessionGroups.group(data);
  const nodes = groups.map((g) => {
    const node = SessionGroups.details(g);
    node.dataset.session = g.id ?? "";
    if (opened.has(node.dataset.session)) node.open = true;
    node.hidden = $("sessions-troubled").checked && !SessionGroups.troubled(g);
    return node;
  });
  $("session-groups").replaceChildren(...nodes);
  $("session-counts").textContent =
    `${data.sessions.length} sessions, ${data.requests.length} requests; tests: ${SessionGroups.testCounts(groups)}`;
}

const sessionsTouched = whileShown("sessions-view", loadSessions);

// An admin event changes the view without a request (a test's outcome comes
// after its last call): while the view is shown, new events are looked for
// every 2 s, by id, which costs a few bytes when there are none.
let lastEventSeen = 0;
setInterval(async () => {
  if ($("sessions-view").hidden) return;
  try {
    const { events } = await (await api("/__admin/events?since_id=" + lastEventSeen)).json();
    if (events.length) sessionsTouched();
  } catch {
    // offline: the stream's reconnection says so
  }
}, 2000);
$("sessions-troubled").addEventListener("change", () => loadSessions());
