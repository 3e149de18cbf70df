// A drivemock a QA team shares (issue 76, part 6), in Debian's headless
// Chromium: listening off loopback without a token given, drivemock makes
// one and prints the dashboard's link with it; from another address the
// admin API wants it, and the link opens the dashboard. There a tester opens
// a session of their own and copies its apiKey: their app's calls with it,
// and the tab's pushes and resets, are theirs alone.
"use strict";

const assert = require("node:assert/strict");
const os = require("node:os");
const { test } = require("node:test");
const { chromiumForFile } = require("./chromium");
const { startDrivemock } = require("../support/drivemock-process");

const FILE = "name: qa\ndirectories:\n  d1:\n    trash: {http: 200}\n";
const OUTAGE = "name: outage\ndirectories:\n  d1:\n    trash: {http: 503}\n";

const browser = chromiumForFile();

/// An address of this machine that is not loopback: calls to it come from
/// it, as another machine's would come from that one's.
function outsideAddress() {
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const a of addresses || []) if (a.family === "IPv4" && !a.internal) return a.address;
  }
  throw new Error("this machine has no IPv4 address but loopback: the test needs one");
}

/// The first truthy value of `check`, asked every 50 ms; fails saying what
/// it waited for after 20 s.
async function until(check, what) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("waited 20 s for " + what);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function trash(url, headers = {}) {
  const response = await fetch(url + "/v3/dir/trash", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ uuid: "d1" }),
  });
  return response.status;
}

test("a shared drivemock: the printed link opens the dashboard, where a tester's own session stays theirs", async () => {
  const mock = await startDrivemock(["--host", "0.0.0.0"], FILE);
  try {
    const link = await until(() => /dashboard (http:\/\/localhost:\d+\/__admin\/ui\/#token=[0-9a-f]{32})/.exec(mock.stderr())?.[1], "the dashboard's link on standard error");
    assert.equal(mock.stderr().split("#token=").length, 2, "the token is printed once");
    const remote = `http://${outsideAddress()}:${mock.port}`;
    // From another address the admin API needs the token; the mock API never does.
    assert.equal((await fetch(remote + "/__admin/health")).status, 401);
    assert.equal(await trash(remote), 200);

    const page = await browser.newPage();
    await page.setViewport({ width: 1200, height: 640 });
    await page.goto(link.replace("http://localhost:" + mock.port, remote));
    await page.waitForFunction(() => document.getElementById("connection").textContent === "live");
    assert.equal(await page.evaluate(() => location.hash), "", "the token leaves the address bar");

    // Another tester's session, with a push of its own.
    const other = await (await fetch(mock.url + "/__admin/sessions", { method: "POST" })).json();
    const push = (yaml, query = "") =>
      fetch(mock.url + "/__admin/scenarios" + query, { method: "POST", headers: { "Content-Type": "application/yaml" }, body: yaml });
    assert.equal((await push(OUTAGE, "?session=" + other.id)).status, 200);

    await page.click("#my-session-open");
    await page.waitForSelector("#my-session-shown:not([hidden])");
    const apiKey = await page.$eval("#my-session-key", (k) => k.value);
    assert.match(apiKey, /^[0-9a-f]{16,}$/);
    await page.click("#my-session-copy");
    await page.waitForFunction(() => document.getElementById("my-session-note").textContent !== "");
    const mine = { Authorization: "Bearer " + apiKey };

    // A push from this tab goes into the tester's session: their app sees it, no one else does.
    await page.click('#views button[data-view="scenarios-view"]');
    await page.$eval("#editor-text", (area, yaml) => { area.value = yaml; }, OUTAGE.replace("503", "507"));
    await page.click("#editor-push");
    await until(async () => (await trash(remote, mine)) === 507, "the tab's push to answer the session's calls");
    assert.equal(await trash(remote), 200, "a call outside the session keeps the file's answer");
    assert.equal(await trash(remote, { Authorization: "Bearer " + other.apiKey }), 503);
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: process.env.SCREENSHOT_DIR + "/dashboard-own-session.png" });
    }

    // Reset from this tab resets the tester's session alone: the other's push stays, the journal too.
    const before = (await mock.journal()).length;
    assert.equal(await page.$eval("#scenario-reset", (b) => b.textContent), "Reset my session");
    await page.click("#scenario-reset");
    await until(async () => (await trash(remote, mine)) === 200, "Reset my session to drop the tab's push");
    assert.equal(await trash(remote, { Authorization: "Bearer " + other.apiKey }), 503);
    assert.ok((await mock.journal()).length > before, "the journal is not emptied");

    // The tab's journal shows the tester's own calls; unticked, everyone's.
    await page.click('#views button[data-view="journal-view"]');
    const journal = await mock.journal();
    const myId = await page.evaluate(() => JSON.parse(sessionStorage.getItem("drivemock.mySession")).id);
    const ownCalls = journal.filter((e) => e.session?.id === myId).length;
    assert.ok(ownCalls > 0 && ownCalls < journal.length, "the journal holds calls in and out of the session");
    const shown = () => page.$$eval("#journal tbody tr", (rows) => [rows.length, rows.filter((r) => !r.hidden).length]);
    await until(async () => (await shown())[0] >= journal.length, "the journal's rows in the page");
    assert.equal((await shown())[1], ownCalls, "only the session's calls are shown");
    await page.click("#filter-mine");
    assert.equal((await shown())[1], (await shown())[0], "unticked, every call is shown");
  } finally {
    await mock.stop();
  }
});
