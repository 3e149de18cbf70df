// The report of a run (--report) in a real browser: opened from disk, it
// loads nothing from anywhere, lists each session (test) with its counts,
// draws a session's calls when it is opened (the SDK-style lock folded
// under the call it guards, errors marked, violations and near misses
// named, events between calls), and filters by name.
"use strict";

const assert = require("node:assert/strict");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { after, before, test } = require("node:test");
const { chromiumForFile } = require("./chromium");
const { startDrivemock } = require("../support/drivemock-process");

const SCENARIO = `
name: report
directories:
  gone: {trash: {http: 404, body: {status: false, message: Folder not found., code: folder_not_found}}}
  picky:
    color:
      - when: {color: blue}
        respond: {body: {status: true, code: blue_ok}}
`;

const browser = chromiumForFile();
let mock;
let file;
before(async () => {
  file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "drivemock-report-")), "report.html");
  mock = await startDrivemock(["--dialect", "service", "--report", file], SCENARIO);
});
after(async () => {
  await mock?.stop();
  if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
});

async function admin(method, p, body) {
  const res = await fetch(mock.url + p, { method, headers: { "Content-Type": "application/json" }, body: body && JSON.stringify(body) });
  return res.json();
}

async function call(session, p, body) {
  await fetch(mock.url + p, { method: "POST", headers: { "Content-Type": "application/json", "X-Drivemock-Session": session.id }, body: JSON.stringify(body) });
}

test("the report lists each test, draws its calls when opened, and filters by name", async () => {
  const archives = await admin("POST", "/__admin/sessions", { name: "archive.test.mjs > archives a folder" });
  const fails = await admin("POST", "/__admin/sessions", { name: "archive.test.mjs > a gone folder fails" });
  await call(archives, "/v3/user/lock", { uuid: "l1", type: "acquire", resource: "r" });
  await call(archives, "/v3/dir/trash", { uuid: "f1" });
  await call(archives, "/v3/user/lock", { uuid: "l1", type: "release", resource: "r" });
  await admin("PUT", `/__admin/directories/f1/state?session=${archives.id}`, { state: "active" });
  await call(fails, "/v3/dir/trash", { uuid: "gone" });
  await call(fails, "/v3/dir/color", { uuid: "picky", color: "red", extra: 1 });
  await call({ id: undefined }, "/v3/dir/trash", { uuid: "outside" }).catch(() => {});
  await admin("DELETE", `/__admin/sessions/${fails.id}`);
  const written = await admin("POST", "/__admin/report");
  assert.equal(written.sessions, 2);

  const page = await browser.newPage();
  await page.setViewport({ width: 1100, height: 560 });
  const external = [];
  page.on("request", (r) => {
    if (!r.url().startsWith("file:")) external.push(r.url());
  });
  await page.goto("file://" + file);
  const groups = await page.$$eval("details.session > summary", (s) => s.map((x) => x.textContent));
  assert.equal(groups.length, 3);
  assert.match(groups[0], /archives a folder.*1 call$/);
  assert.match(groups[1], /a gone folder fails.*2 calls, 1 error, 1 violation, 1 unmatched/);
  assert.match(groups[2], /Outside sessions/);

  // Nothing drawn until opened; then the lock folds under the trash it guards.
  assert.equal(await page.$$eval("details.session table", (t) => t.length), 0);
  await page.click("details.session:nth-of-type(1) > summary");
  await page.waitForSelector("details.session:nth-of-type(1) table"); // drawn on the toggle event
  const first = await page.$$eval("details.session:nth-of-type(1) tbody tr", (rows) => rows.map((r) => [r.className, r.textContent]));
  assert.equal(first.length, 3, JSON.stringify(first));
  assert.match(first[0][1], /session-opened/);
  assert.match(first[1][1], /trash.*f1.*\+2 lock.*200 dir_trashed/);
  assert.match(first[2][1], /state: directory 'f1' set to state 'active'/);
  assert.deepEqual(first.map((r) => r[0]), ["event", "", "event"]);

  await page.click("details.session:nth-of-type(2) > summary");
  await page.waitForSelector("details.session:nth-of-type(2) table");
  const second = await page.$$eval("details.session:nth-of-type(2) tbody tr", (rows) => rows.map((r) => [r.className, r.textContent]));
  assert.deepEqual(second.map((r) => r[0]), ["event", "bad", "", "event"], JSON.stringify(second));
  assert.match(second[1][1], /404 folder_not_found/);
  assert.match(second[2][1], /extra/);
  assert.match(second[2][1], /near miss, rule 1/);
  assert.match(second[3][1], /session-closed/);
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, "report.png") });

  await page.type("#search", "gone");
  assert.deepEqual(await page.$$eval("details.session", (d) => d.map((x) => x.hidden)), [true, false, true]);
  assert.deepEqual(external, [], "the report loads nothing from anywhere");
  await page.close();
});

test("a run with failures: failed tests first with their message above their calls, bodies, pushed YAML, the runner's counts", async () => {
  // After the first test's sessions: 2 more tests, one failed, one skipped.
  const yaml = "directories:\n  typo-folder: {trash: {body: {status: false, message: No., code: permission_denied}}}\n";
  const passes = await admin("POST", "/__admin/sessions", { name: "trash.test.mjs > trashes" });
  const failing = await admin("POST", "/__admin/sessions", { name: "trash.test.mjs > a refused trash says why" });
  const skipped = await admin("POST", "/__admin/sessions", { name: "trash.test.mjs > later" });
  await call(passes, "/v3/dir/trash", { uuid: "f2" });
  await fetch(`${mock.url}/__admin/scenarios?session=${failing.id}`, { method: "POST", headers: { "Content-Type": "application/yaml" }, body: yaml });
  await call(failing, "/v3/dir/trash", { uuid: "typo-folder" });
  const outcome = (s, body) => admin("POST", `/__admin/sessions/${s.id}/outcome`, body);
  await outcome(passes, { outcome: "passed", durationMs: 4 });
  await outcome(failing, {
    outcome: "failed",
    durationMs: 31,
    message: "Expected values to be strictly equal:\n'permission_denied' !== 'dir_trashed'",
    location: "file:///app/test/trash.test.mjs:22:10",
  });
  await outcome(skipped, { outcome: "skipped" });
  await admin("POST", "/__admin/report");

  const page = await browser.newPage();
  await page.setViewport({ width: 1100, height: 640 });
  await page.goto("file://" + file);
  const summary = await page.$eval("#summary", (s) => s.textContent);
  // The first test's two sessions sent no outcome.
  assert.match(summary, /^Tests: 1 failed, 1 passed, 1 skipped, 2 without an outcome\./);
  const groups = await page.$$eval("details.session > summary", (s) => s.map((x) => x.textContent));
  assert.match(groups[0], /^failed.*a refused trash says why.*Expected values to be strictly equal:.*1 call, 1 error, 31 ms$/);
  assert.match(groups.find((g) => g.includes("> trashes")), /^passed/);
  assert.match(groups.find((g) => g.includes("> later")), /^skipped/);

  await page.click("details.session:nth-of-type(1) > summary");
  await page.waitForSelector("details.session:nth-of-type(1) table");
  const failure = await page.$eval("details.session:nth-of-type(1) div.failure", (d) => d.textContent);
  assert.match(failure, /'permission_denied' !== 'dir_trashed'/);
  assert.match(failure, /trash\.test\.mjs:22:10/);
  const rows = await page.$$eval("details.session:nth-of-type(1) tbody tr", (r) => r.map((x) => x.textContent));
  // Events do not repeat the session's name; the push shows its YAML.
  assert.equal(rows[0], rows[0].replace("a refused trash says why", ""), rows[0]);
  assert.match(rows[0], /session-opened: session opened/);
  assert.match(rows[1], /push: scenario set 'pushed-1' pushed/);
  assert.ok(rows[1].includes(yaml.trim()), rows[1]);
  // The call's bodies, the one sent and the one answered.
  assert.match(rows[2], /\{"uuid":"typo-folder"\}/);
  assert.match(rows[2], /"code":"permission_denied"/);
  await page.click("details.session:nth-of-type(1) tr:nth-child(3) details.bodies > summary");
  await page.click("details.session:nth-of-type(1) details.yaml > summary");
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, "report-failures.png") });

  await page.click("#only-failing");
  const shown = await page.$$eval("details.session:not([hidden]) > summary .name", (s) => s.map((x) => x.textContent));
  assert.ok(shown.includes("trash.test.mjs > a refused trash says why"), JSON.stringify(shown));
  assert.ok(!shown.includes("trash.test.mjs > trashes"), JSON.stringify(shown));
  await page.close();
});
