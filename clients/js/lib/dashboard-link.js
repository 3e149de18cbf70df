// What the run's helpers (runNodeTests, drivemockGlobalSetup) print at the
// start: the dashboard's address without the admin token, since a CI log
// keeps whatever the run prints, and anyone who reads the log could then
// command the drivemock for as long as it runs. The link that logs a
// browser in (the token in its fragment) goes to a file only its owner can
// read, named in the line, and removed when the run ends;
// DRIVEMOCK_SHOW_TOKEN=1 prints the link itself, for a terminal of one's own.
"use strict";

const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

/**
 * Prints (with `log`) where the dashboard of `mock` is; returns what
 * removes the link's file at the run's end.
 */
function announceDashboard(mock, log = console.log) {
  const page = `${mock.url}/__admin/ui/`;
  if (!mock.adminToken) {
    log(`drivemock: dashboard of the run at ${page}`);
    return () => {};
  }
  if (process.env.DRIVEMOCK_SHOW_TOKEN === "1") {
    log(`drivemock: dashboard of the run at ${mock.dashboardUrl}`);
    return () => {};
  }
  // mkdtemp makes the directory 0700, a fresh name no one else chose.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "drivemock-dashboard-"));
  const file = path.join(dir, "link");
  fs.writeFileSync(file, `${mock.dashboardUrl}\n`, { mode: 0o600, flag: "wx" });
  log(
    `drivemock: dashboard of the run at ${page} (the link that logs a browser in, with the admin token, ` +
      `is in ${file}, readable by you alone; DRIVEMOCK_SHOW_TOKEN=1 prints it here instead)`,
  );
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

module.exports = { announceDashboard };
