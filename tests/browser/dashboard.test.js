// drivemock's dashboard (GET /__admin/ui) in a real browser: Debian's
// headless Chromium, driven by puppeteer-core. drivemock is the binary under
// test; requests come from Node's fetch, as a client under test would send them.
"use strict";

const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { test } = require("node:test");
const { chromiumForFile } = require("./chromium");
const { startDrivemock } = require("../support/drivemock-process");

// "Live" is shown by what changes without a reload: the page reads nothing
// again on a timer but the admin events (a save sends no request; see
// saves.test.js), so a view that is not sent an update never shows it. The
// waits are puppeteer's default (30 s), not a speed limit: a loaded CI
// machine made a one-second bound fail, and speed is bench/'s.

const SCENARIO = "name: ui\ndirectories: {d1: {trash: {http: 200, headers: {X-Request-Cost: '7'}}}}\n";

const browser = chromiumForFile();

async function post(mock, path, body, headers = {}) {
  const res = await fetch(mock.url + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return res.text();
}

/// Opens the dashboard and waits until it shows the journal, live.
async function openDashboard(mock) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1200, height: 640 });
  const external = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(mock.url)) external.push(r.url());
  });
  await page.goto(mock.url + "/__admin/ui");
  page.external = external;
  return page;
}

async function waitLive(page) {
  await page.waitForFunction(() => document.getElementById("connection").textContent === "live");
}

/// Opens the dashboard, waits until it is live, and shows `view`.
async function openView(mock, view) {
  const page = await openDashboard(mock);
  await waitLive(page);
  await page.click(`#views button[data-view="${view}"]`);
  return page;
}

/// The rows shown, newest first, as the text of their cells.
function rows(page) {
  return page.$$eval("#journal tbody tr:not([hidden])", (trs) =>
    trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
}

test("requests appear live, newest first, with a violation marked", async () => {
  const mock = await startDrivemock([], SCENARIO);
  try {
    await post(mock, "/v3/dir/trash", { uuid: "before-open" });
    const page = await openDashboard(mock);
    await waitLive(page);
    const [before] = await rows(page);
    assert.equal(before[2], "before-open");  // what was journaled before
    // The answer's code beside its status; no rule: "none", as the log says.
    assert.deepEqual(before.slice(3, 5), ["200 dir_trashed", "none"]);

    await post(mock, "/v3/dir/trash", { uuid: "d1" });
    await page.waitForFunction(
      () => document.querySelector("#journal tbody tr td.uuid")?.textContent === "d1");
    const [newest] = await rows(page);
    assert.equal(newest[1], "trash");
    assert.equal(newest[3], "200");
    assert.equal(newest[4], "ui#1");

    await post(mock, "/v3/dir/color", { uuid: "d2" });  // no color: a contract violation
    await page.waitForFunction(
      () => document.querySelector("#journal tbody tr")?.classList.contains("violating"));
    await page.click("#journal tbody tr");  // the violation, whole
    assert.match(await page.$eval("#detail", (d) => d.textContent), /field_missing/);
    assert.deepEqual(page.external, [], "the page asked another host");
    // `make screenshots` keeps this view for the README.
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: process.env.SCREENSHOT_DIR + "/dashboard-journal.png" });
    }
  } finally {
    await mock.stop();
  }
});

test("an error answer is marked as one, and at 1024 px only the uuid column gives way", async () => {
  const gone = "7a2d0c1e-0000-4000-8000-00000000000a-with-a-long-tail";
  const mock = await startDrivemock(["--dialect", "service"], `name: ui
directories:
  "${gone}": {trash: {body: {status: false, message: Folder not found., code: folder_not_found}}}
`);
  try {
    const page = await openDashboard(mock);
    await page.setViewport({ width: 1024, height: 640 });
    await waitLive(page);
    await post(mock, "/v3/dir/trash", { uuid: gone });
    await post(mock, "/v3/dir/trash", { uuid: "fine" });
    // The contract's longest answer, with a violation's mark (no color).
    await post(mock, "/v3/dir/color", { uuid: "marked" });
    await page.waitForFunction(() => document.querySelectorAll("#journal tbody tr").length === 3);
    const shown = () => page.$$eval("#journal tbody tr", (trs) => trs.map((tr) => ({
      answer: tr.cells[3].textContent,
      error: tr.cells[3].classList.contains("status-error"),
      uuidTitle: tr.cells[2].title,
      // Cells whose text does not fit: time, operation, answer, the time
      // taken (with its unit) and the mark always fit; matched and above
      // all the uuid may not.
      clipped: [0, 1, 3, 5, 6].filter((i) => tr.cells[i].scrollWidth > tr.cells[i].clientWidth),
      took: /^\d+(\.\d+)? (µs|ms|s)$/.test(tr.cells[5].textContent),
      uuidShown: tr.cells[2].clientWidth > 0,
    })));
    // HTTP 200 with status false is an error to the official client, and here.
    const gone_ = { answer: "200 folder_not_found", error: true, uuidTitle: gone, clipped: [], took: true, uuidShown: true };
    const fine = { answer: "200 dir_trashed", error: false, uuidTitle: "fine", clipped: [], took: true, uuidShown: true };
    const marked = { answer: "200 dir_color_changed", error: false, uuidTitle: "marked", clipped: [], took: true, uuidShown: true };
    assert.deepEqual(await shown(), [marked, fine, gone_]);
    await page.click("#journal tbody tr");  // the entry open beside the rows
    await page.waitForSelector("#detail:not([hidden])");
    assert.deepEqual(await shown(), [marked, fine, gone_]);
  } finally {
    await mock.stop();
  }
});

test("the view, the filters and the entry opened live in the URL: a reload or a link shows them", async () => {
  const mock = await startDrivemock([], SCENARIO);
  try {
    await post(mock, "/v3/dir/trash", { uuid: "d1" });
    await post(mock, "/v3/dir/color", { uuid: "d2", color: "red" });
    const page = await openDashboard(mock);
    await waitLive(page);
    await page.waitForFunction(() => document.querySelectorAll("#journal tbody tr").length === 2);
    await page.type("#filter-uuid", "d2");
    await page.click("#journal tbody tr:not([hidden])");
    const hash = await page.evaluate(() => location.hash);
    assert.match(hash, /^#uuid=d2&entry=\d+$/);
    await page.reload();
    await waitLive(page);
    await page.waitForSelector("#detail:not([hidden])");
    assert.equal(await page.$eval("#filter-uuid", (i) => i.value), "d2");
    assert.deepEqual((await rows(page)).map((r) => r[2]), ["d2"]);
    assert.match(await page.$eval("#detail", (d) => d.textContent), /POST \/v3\/dir\/color/);
    // A link to another view.
    await page.goto(mock.url + "/__admin/ui#view=directories");
    await page.waitForFunction(() => !document.getElementById("directories-view").hidden);
    assert.equal(await page.$eval("#journal-view", (v) => v.hidden), true);
  } finally {
    await mock.stop();
  }
});

test("filters show only what they select, and a row opens the whole entry, redacted", async () => {
  const mock = await startDrivemock([], SCENARIO);
  try {
    const page = await openDashboard(mock);
    await waitLive(page);
    await post(mock, "/v3/dir/trash", { uuid: "d1" }, { Authorization: "Bearer user-secret" });
    await post(mock, "/v3/dir/color", { uuid: "d2" });
    await page.waitForFunction(() => document.querySelectorAll("#journal tbody tr").length === 2);

    await page.click("#filter-violations");
    assert.deepEqual((await rows(page)).map((r) => r[2]), ["d2"]);
    await page.click("#filter-violations");
    await page.type("#filter-uuid", "d1");
    assert.deepEqual((await rows(page)).map((r) => r[2]), ["d1"]);

    await page.click("#journal tbody tr:not([hidden])");
    const detail = await page.$eval("#detail", (d) => d.textContent);
    assert.match(detail, /Authorization\*\*\*/);
    assert.doesNotMatch(detail, /user-secret/);
    assert.match(detail, /"uuid": "d1"/);  // the body, pretty-printed
    assert.match(detail, /Answer headersX-Request-Cost7/);  // the answer's own headers
    await page.$eval("#filter-uuid", (i) => { i.value = ""; });
    await page.type("#filter-uuid", "d2");
    await page.click("#journal tbody tr:not([hidden])");
    const violation = await page.$eval("#detail", (d) => d.textContent);
    assert.match(violation, /Contract violations/);
  } finally {
    await mock.stop();
  }
});

test("with an admin token the page asks for it once and keeps it for the tab", async () => {
  const mock = await startDrivemock(["--admin-token", "s3cret"], SCENARIO);
  try {
    const page = await openDashboard(mock);
    await page.waitForSelector("#token-form:not([hidden])");
    await page.type("#token", "wrong");
    await page.click("#token-form button");
    await page.waitForFunction(
      () => document.getElementById("token-error").textContent.includes("refused"));
    await page.type("#token", "s3cret");
    await page.click("#token-form button");
    await waitLive(page);
    await post(mock, "/v3/dir/trash", { uuid: "d1" });
    await page.waitForFunction(
      () => document.querySelector("#journal tbody tr td.uuid")?.textContent === "d1");
    // Kept for this tab: a reload needs no token again.
    await page.reload();
    await waitLive(page);
    assert.equal(await page.$eval("#token-form", (f) => f.hidden), true);
    assert.equal(await page.evaluate(() => sessionStorage.getItem("drivemock.adminToken")),
                 "s3cret");
  } finally {
    await mock.stop();
  }
});

test("the dashboard URL the JS package gives logs the tab in, and the token leaves the address bar", async () => {
  const pkg = require("../../clients/js");
  const mock = await pkg.startDrivemock({ bin: process.env.DRIVEMOCK_BINARY });
  try {
    assert.ok(mock.adminToken, "started with a random token");
    const page = await browser.newPage();
    await page.goto(mock.dashboardUrl);
    await waitLive(page);
    assert.equal(await page.$eval("#token-form", (f) => f.hidden), true);
    assert.doesNotMatch(page.url(), /token/);
    assert.equal(await page.evaluate(() => sessionStorage.getItem("drivemock.adminToken")), mock.adminToken);
    // Without the token, the same page asks for it.
    const stranger = await browser.createBrowserContext();
    const other = await stranger.newPage();
    await other.goto(mock.url + "/__admin/ui");
    await other.waitForSelector("#token-form:not([hidden])");
    await stranger.close();
  } finally {
    await mock.stop();
  }
});

test("directories show state, color and calls live, and a state set in the page is the server's", async () => {
  const mock = await startDrivemock([], SCENARIO);
  try {
    await post(mock, "/v3/dir/trash", { uuid: "e9" });  // seen, not scripted
    const page = await openView(mock, "directories-view");
    const uuids = () => page.$$eval("#directories tbody tr", (rows) =>
      rows.map((row) => row.cells[0].textContent));
    await page.waitForFunction(() => document.querySelectorAll("#directories tbody tr").length === 2);
    assert.deepEqual((await uuids()).sort(), ["d1", "e9"]);
    await page.type("#directory-filter", "d1");
    await page.waitForFunction(() => document.querySelectorAll("#directories tbody tr").length === 1);
    assert.deepEqual(await uuids(), ["d1"]);
    const d1 = "#directories tbody tr";
    // A state half typed when a request comes in: the live reload that shows
    // the call keeps the text and the focus.
    await page.type(d1 + " input", "arch");
    await post(mock, "/v3/dir/trash", { uuid: "d1" });
    await page.waitForFunction((row) =>
      document.querySelector(row)?.cells[3].textContent.includes("trash 1"), {}, d1);
    assert.deepEqual(await page.$eval(d1 + " input", (input) =>
      [input.value, document.activeElement === input]), ["arch", true]);

    await page.keyboard.type("ived");
    await page.click(d1 + " button");
    await page.waitForFunction((row) =>
      document.querySelector(row)?.cells[1].textContent === "archived", {}, d1);
    assert.equal(await page.$eval(d1 + " input", (input) => input.value), "");
    const res = await fetch(mock.url + "/__admin/directories/d1");
    assert.equal((await res.json()).state, "archived");
  } finally {
    await mock.stop();
  }
});

test("the sessions view groups calls by session live, as the report does, with events between", async () => {
  const mock = await startDrivemock(["--dialect", "service"], SCENARIO);
  try {
    const open = async (name) => (await fetch(mock.url + "/__admin/sessions", { method: "POST", body: JSON.stringify({ name }) })).json();
    const a = await open("archive.test.mjs > archives a folder");
    const b = await open("archive.test.mjs > a gone folder fails");
    await post(mock, "/v3/user/lock", { uuid: "l1", type: "acquire", resource: "r" }, { "X-Drivemock-Session": a.id });
    await post(mock, "/v3/dir/trash", { uuid: "d1" }, { "X-Drivemock-Session": a.id });
    await post(mock, "/v3/dir/color", { uuid: "d9" }, { "X-Drivemock-Session": b.id });
    const page = await openView(mock, "sessions-view");
    const summaries = () => page.$$eval("#session-groups details.session > summary", (s) => s.map((x) => x.textContent));
    await page.waitForFunction(() => document.querySelectorAll("#session-groups details.session").length === 2);
    assert.match((await summaries())[0], /archives a folder.*1 call$/);
    assert.match((await summaries())[1], /a gone folder fails.*1 call, 1 violation$/); // color without its field
    await page.click("#session-groups details.session:nth-of-type(1) > summary");
    await page.waitForSelector("#session-groups details.session:nth-of-type(1) table");
    const first = await page.$$eval("#session-groups details.session:nth-of-type(1) tbody tr", (rows) => rows.map((r) => r.textContent));
    assert.match(first[0], /session-opened/);
    assert.match(first[1], /trash.*d1.*\+1 lock/);
    // Live: a call while the view is shown is counted, and the open group stays open.
    await post(mock, "/v3/dir/color", { uuid: "d1", color: "red" }, { "X-Drivemock-Session": a.id });
    await page.waitForFunction(() => /2 calls/.test(document.querySelector("#session-groups details.session > summary").textContent));
    assert.equal(await page.$eval("#session-groups details.session", (d) => d.open), true);
    // A test's outcome comes after its last call: the view takes it, the
    // failed test first, with the first line of its message.
    await fetch(`${mock.url}/__admin/sessions/${b.id}/outcome`, {
      method: "POST",
      body: JSON.stringify({ outcome: "failed", message: "expected a folder_not_found error\nsecond line", durationMs: 8 }),
    });
    await page.waitForFunction(() => /^FAILED|^failed/i.test(document.querySelector("#session-groups details.session > summary").textContent));
    assert.match((await summaries())[0], /^failed.*a gone folder fails.*expected a folder_not_found error.*1 call, 1 violation, 8 ms$/);
    assert.doesNotMatch((await summaries())[0], /second line/);
    assert.match(await page.$eval("#session-counts", (c) => c.textContent), /tests: 1 failed, 0 passed, 0 skipped, 1 without an outcome/);
    assert.deepEqual(page.external, [], "the page asked another host");
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: process.env.SCREENSHOT_DIR + "/dashboard-sessions.png" });
    }
  } finally {
    await mock.stop();
  }
});

test("a view reads again one read at a time, so an older answer never replaces a newer one", async () => {
  const mock = await startDrivemock([], SCENARIO);
  try {
    const page = await openDashboard(mock);
    await waitLive(page);
    // The page's own whileShown, its timer stepped by hand: a request comes
    // while the view's read is under way, and the next read must wait for it.
    const started = await page.evaluate(async () => {
      const realSetTimeout = window.setTimeout;
      const view = document.createElement("div");
      view.id = "while-shown-test";
      document.body.append(view);
      const ends = [];
      const load = () => new Promise((resolve) => ends.push(resolve));
      const settle = () => new Promise((resolve) => realSetTimeout(resolve, 0));
      let timer = null;
      window.setTimeout = (fn) => { timer = fn; return 1; };
      try {
        const touch = whileShown("while-shown-test", load);
        touch();
        timer();        // the first read starts, and is not answered yet
        touch();
        timer();        // a request came in: its read is due
        await settle();
        const during = ends.length;
        ends[0]();      // the first read is answered
        await settle();
        return [during, ends.length];
      } finally {
        window.setTimeout = realSetTimeout;
        view.remove();
      }
    });
    assert.deepEqual(started, [1, 2]);
  } finally {
    await mock.stop();
  }
});

async function adminJson(mock, path) {
  return (await fetch(mock.url + path)).json();
}

/// Replaces the editor's text as a person would: select all, type.
async function typeInEditor(page, text) {
  await page.click("#editor-text");
  await page.keyboard.down("Control");
  await page.keyboard.press("a");
  await page.keyboard.up("Control");
  await page.keyboard.press("Backspace");
  await page.type("#editor-text", text);
}

test("a pushed broken scenario shows its error at its line and column and changes nothing", async () => {
  const mock = await startDrivemock([], SCENARIO);
  try {
    const page = await openView(mock, "scenarios-view");
    await page.waitForSelector('#scenarios tbody tr[data-name="ui"]');
    await page.click('#scenarios tbody tr[data-name="ui"]');
    await page.waitForFunction((yaml) => document.getElementById("editor-text").value === yaml,
                               {}, SCENARIO);

    // Line 4, column 13: the unknown key. Checked as typed, then pushed.
    await typeInEditor(page, "name: ui\ndirectories:\n  d1:\n    trash: {htp: 418}\n");
    await page.waitForSelector("#editor-gutter div.error");
    await page.click("#editor-push");
    await page.waitForFunction(() =>
      document.getElementById("scenario-status").textContent.startsWith("Not pushed"));
    assert.deepEqual(await page.$$eval("#editor-gutter div.error", (ds) => ds.map((d) => d.textContent)),
                     ["4"]);
    assert.equal(await page.$eval("#editor-mirror div.error mark", (m) => m.textContent), "h");
    assert.match(await page.$eval("#editor-diagnostics", (l) => l.textContent),
                 /^line 4, column 13: error: unknown key 'htp'/);
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: process.env.SCREENSHOT_DIR + "/dashboard-scenarios.png" });
    }
    // Nothing changed: the set in force is the one loaded.
    assert.equal((await adminJson(mock, "/__admin/scenarios/ui")).yaml, SCENARIO);
    assert.equal((await fetch(mock.url + "/v3/dir/trash", {
      method: "POST", body: JSON.stringify({ uuid: "d1" }) })).status, 200);

    // Mended and pushed, it is in force.
    await typeInEditor(page, "name: ui\ndirectories:\n  d1:\n    trash: {http: 418}\n");
    await page.waitForFunction(() => !document.querySelector("#editor-gutter div.error") &&
      document.getElementById("scenario-status").textContent.includes("would load"));
    await page.click("#editor-push");
    await page.waitForFunction(() =>
      document.getElementById("scenario-status").textContent.includes("' loaded"));
    assert.equal((await fetch(mock.url + "/v3/dir/trash", {
      method: "POST", body: JSON.stringify({ uuid: "d1" }) })).status, 418);
  } finally {
    await mock.stop();
  }
});

test("a set deleted, files reloaded and a reset from the page are the server's", async () => {
  const mock = await startDrivemock([], SCENARIO);
  try {
    await fetch(mock.url + "/__admin/scenarios", {
      method: "POST", headers: { "Content-Type": "application/yaml" },
      body: "name: extra\ndirectories: {x1: {trash: {http: 202}}}\n" });
    const page = await openView(mock, "scenarios-view");
    await page.waitForSelector('#scenarios tbody tr[data-name="extra"]');
    await page.click('#scenarios tbody tr[data-name="extra"] button');
    await page.waitForFunction(() => !document.querySelector('#scenarios tr[data-name="extra"]'));
    const names = (await adminJson(mock, "/__admin/scenarios")).scenarios.map((s) => s.name);
    assert.deepEqual(names, ["ui"]);

    await post(mock, "/v3/dir/trash", { uuid: "d1" });
    await page.waitForFunction(() => document.querySelectorAll("#journal tbody tr").length === 1);
    await page.click("#scenario-reset");
    await page.waitForFunction(() =>
      document.getElementById("scenario-status").textContent.startsWith("Reset"));
    assert.equal((await mock.journal()).length, 0);
    assert.equal(await page.$$eval("#journal tbody tr", (rs) => rs.length), 0);
    await page.click("#scenario-reload");
    await page.waitForFunction(() =>
      document.getElementById("scenario-status").textContent === "Files read again.");
  } finally {
    await mock.stop();
  }
});

test("a recording started in the page counts its calls live and shows the YAML it wrote", async () => {
  const backend = await startDrivemock([], "name: backend\ndirectories: {r1: {trash: {http: 503}}}\n");
  const file = path.join(os.tmpdir(), "drivemock-ui-recording-" + process.pid + ".yaml");
  const mock = await startDrivemock(["--record-to", file], SCENARIO);
  try {
    const page = await openView(mock, "recording-view");
    await page.waitForFunction(() =>
      document.getElementById("recording-state").textContent === "Not recording");
    await page.type("#recording-target", backend.url);
    await page.click("#recording-start");
    await page.waitForFunction(() =>
      document.getElementById("recording-state").textContent.endsWith(": 0 calls captured"));
    await post(mock, "/v3/dir/trash", { uuid: "r1" });
    await page.waitForFunction(() =>
      document.getElementById("recording-state").textContent.endsWith(": 1 calls captured"));
    // A path no operation defines is learnt; a GET cannot be replayed.
    await post(mock, "/v3/dir/rename", { uuid: "r1", name: "n" });
    await fetch(mock.url + "/v3/dir/rename");
    await page.waitForFunction(() =>
      document.getElementById("recording-state").textContent.endsWith(
        ": 2 calls captured, 1 not recordable"));
    await page.click("#recording-stop");
    await page.waitForSelector("#recording-result:not([hidden])");
    assert.equal(await page.$eval("#recording-file", (p) => p.textContent),
      "2 calls written to " + file + "; learnt from the traffic: dir-rename; not recorded: " +
      "GET /v3/dir/rename (1x: method GET: only POST calls are replayed)");
    const yaml = await page.$eval("#recording-yaml", (p) => p.textContent);
    assert.match(yaml, /"r1":/);
    assert.match(yaml, /503/);
    assert.equal(fs.readFileSync(file, "utf8"), yaml);
  } finally {
    await mock.stop();
    await backend.stop();
    fs.rmSync(file, { force: true });
  }
});

test("requests that come faster than the page is sent them are skipped, counted, and fewer rows kept", async () => {
  // A journal of 50: a burst drops entries before any batch could carry them.
  const mock = await startDrivemock(["--journal-limit", "50"], SCENARIO);
  const rowCount = () => page.$$eval("#journal tbody tr", (rs) => rs.length);
  let page;
  try {
    page = await openDashboard(mock);
    await waitLive(page);
    // 270 rows at a pace the stream carries whole: groups of 45, each shown
    // before the next is sent.
    for (let shown = 0; shown < 270; shown += 45) {
      await Promise.all(Array.from({ length: 45 }, (_, i) =>
        post(mock, "/v3/dir/trash", { uuid: "paced-" + (shown + i) })));
      await page.waitForFunction((n) => document.querySelectorAll("#journal tbody tr").length === n,
                                 {}, shown + 45);
    }
    assert.equal(await page.$eval("#missed", (m) => m.hidden), true);

    const burst = 400;
    for (let sent = 0; sent < burst; sent += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, i) =>
        post(mock, "/v3/dir/trash", { uuid: "burst-" + (sent + i) })));
    }
    await post(mock, "/v3/dir/trash", { uuid: "last" });
    // The page catches up with the last request and says how many it missed.
    await page.waitForFunction(() =>
      document.querySelector("#journal tbody tr td.uuid")?.textContent === "last" &&
      !document.getElementById("missed").hidden);
    const missed = parseInt(await page.$eval("#missed", (m) => m.textContent), 10);
    assert.ok(missed > 0 && missed < burst, missed + " missed");
    assert.match(await page.$eval("#missed", (m) => m.textContent),
                 /^\d+ requests came too fast to show \(they are in the journal\)$/);
    // While it skips, it keeps 200 rows (it had 270).
    assert.ok(await rowCount() <= 200, (await rowCount()) + " rows kept while the stream skips");
  } finally {
    await mock.stop();
  }
});
