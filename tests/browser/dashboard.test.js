// drivemock's dashboard (GET /__admin/ui) in a real browser: Debian's
// headless Chromium, driven by puppeteer-core. drivemock is the binary under
// test; requests come from Node's fetch, as a client under test would send them.
"use strict";

const assert = require("node:assert/strict");
const { after, before, test } = require("node:test");
const puppeteer = require("puppeteer-core");
const { startDrivemock } = require("../support/drivemock-process");

const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
// Rows must appear within a second of the request (issue 16) with the
// release build; ctest allows a sanitized build more (tests/CMakeLists.txt).
const LIVE_MS = Number(process.env.DRIVEMOCK_LIVE_MS || 1000);

const SCENARIO = "name: ui\ndirectories: {d1: {trash: {http: 200}}}\n";

let browser;
before(async () => {
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Root in a container has no user namespace for Chromium's sandbox.
    args: ["--no-sandbox", "--disable-dev-shm-usage"],
  });
});
after(async () => {
  await browser?.close();
});

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
    assert.equal((await rows(page))[0][2], "before-open");  // what was journaled before

    await post(mock, "/v3/dir/trash", { uuid: "d1" });
    await page.waitForFunction(
      () => document.querySelector("#journal tbody tr td.uuid")?.textContent === "d1",
      { timeout: LIVE_MS });
    const [newest] = await rows(page);
    assert.equal(newest[1], "trash");
    assert.equal(newest[3], "200");
    assert.equal(newest[4], "ui#1");

    await post(mock, "/v3/dir/color", { uuid: "d2" });  // no color: a contract violation
    await page.waitForFunction(
      () => document.querySelector("#journal tbody tr")?.classList.contains("violating"),
      { timeout: LIVE_MS });
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
      () => document.querySelector("#journal tbody tr td.uuid")?.textContent === "d1",
      { timeout: LIVE_MS });
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

test("directories show state, color and calls live, and a state set in the page is the server's", async () => {
  const mock = await startDrivemock([], SCENARIO);
  try {
    const page = await openDashboard(mock);
    await waitLive(page);
    await page.click('#views button[data-view="directories-view"]');
    await page.type("#directory-filter", "d1");
    const d1 = "#directories tbody tr";
    await page.waitForFunction((row) =>
      document.querySelector(row)?.cells[0].textContent === "d1", {}, d1);
    await post(mock, "/v3/dir/trash", { uuid: "d1" });
    await page.waitForFunction((row) =>
      document.querySelector(row)?.cells[3].textContent.includes("trash 1"),
      { timeout: LIVE_MS }, d1);

    await page.type(d1 + " input", "archived");
    await page.click(d1 + " button");
    await page.waitForFunction((row) =>
      document.querySelector(row)?.cells[1].textContent === "archived", {}, d1);
    const res = await fetch(mock.url + "/__admin/directories/d1");
    assert.equal((await res.json()).state, "archived");
  } finally {
    await mock.stop();
  }
});
