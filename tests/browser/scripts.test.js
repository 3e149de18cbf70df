// What a folder will do, in Debian's headless Chromium (issue 76, part 4):
// the directory view shows a uuid's rules with their file and line and the
// answer its sequence gives next; the journal names the rule and the answer
// of it that served each call ("2/3"), and a call's time with its unit, uncut.
"use strict";

const assert = require("node:assert/strict");
const { test } = require("node:test");
const { chromiumForFile } = require("./chromium");
const { startDrivemock } = require("../support/drivemock-process");

const STEPS = `name: steps
directories:
  d1:
    trash:
      - when: {state: trashed}
        respond: {http: 404}
      - respond:
          - {http: 503, delay_ms: 1500}
          - {http: 500}
          - {http: 200}
        then: trashed
`;

const browser = chromiumForFile();

function trash(mock, uuid) {
  return fetch(mock.url + "/v3/dir/trash", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ uuid }) });
}

test("a uuid's rules, their places and the answer next; the journal's step and time taken", async () => {
  const mock = await startDrivemock([], STEPS);
  try {
    assert.equal((await trash(mock, "d1")).status, 503);
    const page = await browser.newPage();
    await page.setViewport({ width: 1200, height: 640 });
    await page.goto(mock.url + "/__admin/ui");
    await page.waitForFunction(() => document.querySelectorAll("#journal tbody tr").length === 1);
    const cells = await page.$$eval("#journal tbody tr td", (tds) => tds.map((td) => ({
      text: td.textContent, cut: td.scrollWidth > td.clientWidth })));
    assert.equal(cells[4].text, "steps#2 1/3");
    assert.match(cells[5].text, /^1\.\d\d s$/);  // the 1.5 s delay, with its unit
    assert.equal(cells[5].cut, false);
    await page.click("#journal tbody tr");
    await page.waitForSelector("#detail:not([hidden])");
    const detail = await page.$eval("#detail", (d) => d.textContent);
    assert.ok(detail.includes("from rule 2 of steps, answer 1 of 3 (" + mock.scenario + ":7)"), detail);

    await page.click('#views button[data-view="directories-view"]');
    await page.waitForSelector("#directories tbody tr");
    await page.click("#directories tbody tr td.uuid");
    await page.waitForSelector('#directory-rules li[data-rule="2"]');
    const rules = await page.$$eval("#directory-rules li", (lis) => lis.map((li) => li.textContent));
    assert.deepEqual(rules, [
      "when state: trashed: 1 answer " + mock.scenario + ":5 (steps)",
      "always: answer 2 of 3 next, then trashed " + mock.scenario + ":7 (steps)",
    ]);
    assert.match(await page.$eval("#directory-title", (t) => t.textContent), /^d1: active, calls color 0, trash 1$/);
    // A call moves the sequence on: the view follows.
    assert.equal((await trash(mock, "d1")).status, 500);
    await page.waitForFunction(() =>
      document.querySelector('#directory-rules li[data-rule="2"]').textContent.includes("answer 3 of 3 next"));
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: process.env.SCREENSHOT_DIR + "/dashboard-directory.png" });
    }
  } finally {
    await mock.stop();
  }
});
