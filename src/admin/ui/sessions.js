// The sessions view: the journal grouped by session (test), as the report
// of a run shows it (session-groups.js): each session with its counts, its
// calls drawn when opened, the client's lock calls folded under the call
// they guard, the admin events between calls; requests outside sessions in
// a group of their own. Read again, at most every 250 ms, while it is shown
// and requests come in; the sessions opened stay open.
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
  const eventRows = events.map((e) => [e.id, of(e.session), e.afterRequest, e.time, e.kind, e.message]);
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
  const opened = new Set([...document.querySelectorAll("#session-groups details.session[open]")].map((d) => d.dataset.session));
  const nodes = SessionGroups.group(data).map((g) => {
    const node = SessionGroups.details(g);
    node.dataset.session = g.id ?? "";
    if (opened.has(node.dataset.session)) node.open = true;
    node.hidden = $("sessions-troubled").checked && !SessionGroups.troubled(g);
    return node;
  });
  $("session-groups").replaceChildren(...nodes);
  $("session-counts").textContent = data.sessions.length + " sessions, " + data.requests.length + " requests";
}

const sessionsTouched = whileShown("sessions-view", loadSessions);
$("sessions-troubled").addEventListener("change", () => loadSessions());
