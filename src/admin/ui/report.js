// The report of a run (report-template.html, after session-groups.js): reads
// the run's data from the page, says what it holds and how many tests
// failed, lists each session (test), failed ones first, and filters them by
// name or trouble.
"use strict";

(function report() {
  const data = JSON.parse(document.getElementById("report-data").textContent);
  const groups = SessionGroups.group(data);
  const errors = groups.reduce((n, g) => n + g.errors, 0);
  const violations = groups.reduce((n, g) => n + g.violations, 0);
  document.getElementById("summary").textContent =
    `Tests: ${SessionGroups.testCounts(groups)}. ${data.sessions.length} sessions, ${data.requests.length} requests, ${errors} errors, ` +
    `${violations} with violations; drivemock ${data.version}, seed ${data.seed}, written ${data.generated}` +
    (data.dropped ? `; ${data.dropped} older requests dropped off the journal` : "");

  const nodes = groups.map((g) => ({ g, node: SessionGroups.details(g) }));
  document.getElementById("sessions").append(...nodes.map((n) => n.node));

  const search = document.getElementById("search");
  const onlyFailing = document.getElementById("only-failing");
  function filter() {
    const part = search.value.toLowerCase();
    let shown = 0;
    for (const { g, node } of nodes) {
      const show = (!part || g.name.toLowerCase().includes(part)) && (!onlyFailing.checked || SessionGroups.troubled(g));
      node.hidden = !show;
      if (show) shown += 1;
    }
    document.getElementById("shown").textContent = `${shown} of ${groups.length} shown`;
  }
  search.addEventListener("input", filter);
  onlyFailing.addEventListener("change", filter);
  filter();
})();
