// Saves you can see, in Debian's headless Chromium (issue 76, part 3): a
// save of the scenario file that is refused shows in a banner over every
// view, naming the file, line, column and message, until a good save; a
// pushed set that hides the file's scripts is marked in the scenario list,
// and a save of the file then says the push still wins.
"use strict";

const assert = require("node:assert/strict");
const fs = require("node:fs");
const { test } = require("node:test");
const { chromiumForFile } = require("./chromium");
const { startDrivemock } = require("../support/drivemock-process");

const GOOD = "name: qa\ndirectories:\n  d1:\n    trash: {http: 200}\n    color: {http: 200}\n";

const browser = chromiumForFile();

/// Writes the file as editors do: a new file renamed over the old one.
function save(file, text) {
  fs.writeFileSync(file + ".tmp", text);
  fs.renameSync(file + ".tmp", file);
}

async function adminJson(mock, path) {
  return (await fetch(mock.url + path)).json();
}

function bannerText(page) {
  return page.$eval("#reload-banner", (b) => (b.hidden ? "" : b.textContent));
}

test("a refused save shows over every view with its place, and a good save clears it", async () => {
  const mock = await startDrivemock([], GOOD);
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1200, height: 640 });
    await page.goto(mock.url + "/__admin/ui");
    await page.waitForFunction(() => document.getElementById("connection").textContent === "live");
    assert.equal(await bannerText(page), "");

    // A tab where spaces go, on line 4: the last good set stays in force.
    save(mock.scenario, "name: qa\ndirectories:\n  d1:\n\ttrash: {http: 500}\n");
    await page.waitForFunction(() => !document.getElementById("reload-banner").hidden);
    const text = await bannerText(page);
    assert.match(text, /^Not loaded: the last save of .*scenario\.yaml has 1 error; the last good sets are still served/);
    assert.ok(text.includes(mock.scenario + ":4:1: a tab in the indentation"), text);
    assert.equal((await adminJson(mock, "/__admin/health")).status, "degraded");
    // Over every view: the scenario list marks the file's row too.
    await page.click('#views button[data-view="scenarios-view"]');
    await page.waitForSelector('#scenarios tr.refused[data-name="qa"]');
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: process.env.SCREENSHOT_DIR + "/dashboard-saves.png" });
    }

    save(mock.scenario, GOOD.replace("trash: {http: 200}", "trash: {http: 202}"));
    await page.waitForFunction(() => document.getElementById("reload-banner").hidden);
    await page.waitForFunction(() => !document.querySelector("#scenarios tr.refused"));
    assert.equal((await adminJson(mock, "/__admin/health")).status, "healthy");
  } finally {
    await mock.stop();
  }
});

test("a pushed set over the file is marked, and a save of the file says the push still wins", async () => {
  const mock = await startDrivemock([], GOOD);
  try {
    const page = await browser.newPage();
    await page.goto(mock.url + "/__admin/ui");
    await page.waitForFunction(() => document.getElementById("connection").textContent === "live");
    await page.click('#views button[data-view="scenarios-view"]');
    await fetch(mock.url + "/__admin/scenarios", {
      method: "POST", headers: { "Content-Type": "application/yaml" },
      body: "name: outage\ndirectories: {d1: {trash: {http: 503}}}\n" });
    // The page learns of the push from the admin events, not from a click.
    await page.waitForSelector('#scenarios tr[data-name="outage"] td.name .tag');
    assert.equal(await page.$eval('#scenarios tr[data-name="outage"] td.name .tag', (t) => t.textContent),
                 "shadows " + mock.scenario);

    save(mock.scenario, GOOD.replace("color: {http: 200}", "color: {http: 201}"));
    await page.waitForFunction(() => document.getElementById("reload-banner").className === "warning");
    const text = await bannerText(page);
    assert.match(text, /^Saved and read, but a push still wins over the file/);
    assert.ok(text.includes("pushed set 'outage' shadows 1 script(s) of set 'qa'"), text);
  } finally {
    await mock.stop();
  }
});
