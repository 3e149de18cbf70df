// A web page of another site, open in the developer's browser while
// drivemock runs, can neither command drivemock's admin API nor read its
// journal (issue 25). The page is served by this test at http://evil.example
// (Chromium resolves that name to 127.0.0.1), so to the browser it is a
// cross-site page, as any site on the web would be.
"use strict";

const assert = require("node:assert/strict");
const http = require("node:http");
const { after, before, test } = require("node:test");
const { chromiumForFile } = require("./chromium");
const { startDrivemock } = require("../support/drivemock-process");


// An answer a scenario may well give: HTML whose script, were it to run as a
// page of drivemock's origin, could read the admin API.
const SCENARIO = `name: base
defaults:
  color:
    raw: '<p>changed</p><script>document.title = "ran at " + location.origin</script>'
    headers: {Content-Type: text/html}
`;

const browser = chromiumForFile(["--host-resolver-rules=MAP evil.example 127.0.0.1"]);
let evil;
let evilUrl;
before(async () => {
  evil = http.createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end("<!doctype html><title>a site on the web</title><p>nothing to see</p>");
  });
  await new Promise((resolve) => evil.listen(0, "127.0.0.1", resolve));
  evilUrl = `http://evil.example:${evil.address().port}/`;
});
after(async () => {
  evil?.close();
});

test("a cross-site page cannot push a scenario, reset or shut drivemock down", async () => {
  const mock = await startDrivemock([], SCENARIO);
  try {
    await fetch(`${mock.url}/v3/dir/trash`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ uuid: "before" }),
    });
    const page = await browser.newPage();
    await page.goto(evilUrl);
    // The requests any page may send without asking first (no preflight);
    // each promise settles once drivemock has answered.
    await page.evaluate(async (target) => {
      const simple = (path, body) => fetch(target + path, {
        method: "POST", mode: "no-cors", headers: { "Content-Type": "text/plain" }, body,
      });
      await simple("/__admin/scenarios", "name: pwned\ndirectories: {x: {trash: {http: 500}}}\n");
      await simple("/__admin/reset", "");
      await simple("/__admin/shutdown", "");
    }, mock.url);
    const sets = await (await fetch(`${mock.url}/__admin/scenarios`)).json();
    assert.ok(!JSON.stringify(sets).includes("pwned"), "the page's set was not pushed");
    const journal = await mock.journal();
    assert.equal(journal.length, 1, "the journal was not reset");
    const health = await fetch(`${mock.url}/__admin/health`);
    assert.equal(health.status, 200, "drivemock still runs");
  } finally {
    await mock.stop();
  }
});

test("a cross-site page cannot read the journal, nor through an HTML answer of drivemock's", async () => {
  const mock = await startDrivemock([], SCENARIO);
  try {
    const page = await browser.newPage();
    await page.goto(evilUrl);
    const direct = await page.evaluate(async (target) => {
      try {
        return await (await fetch(`${target}/__admin/requests`)).text();
      } catch (e) {
        return "blocked";
      }
    }, mock.url);
    assert.equal(direct, "blocked");

    // A form posted from the page opens drivemock's HTML answer in the tab.
    await Promise.all([
      page.waitForNavigation(),
      page.evaluate((target) => {
        const form = document.createElement("form");
        form.method = "POST";
        form.enctype = "text/plain";
        form.action = `${target}/v3/dir/color`;
        const field = document.createElement("input");
        field.name = '{"uuid":"u","color":"red","x":"';
        field.value = '"}';
        form.append(field);
        document.body.append(form);
        form.submit();
      }, mock.url),
    ]);
    assert.match(await page.content(), /changed/);
    // Sandboxed: its script did not run, and the page has no origin of
    // drivemock's to read the admin API from.
    assert.notEqual(await page.title(), `ran at ${mock.url}`);
    assert.equal(await page.evaluate(() => self.origin), "null");
    const read = await page.evaluate(async () => {
      try {
        return await (await fetch("/__admin/requests")).text();
      } catch (e) {
        return "blocked";
      }
    });
    assert.equal(read, "blocked");
  } finally {
    await mock.stop();
  }
});
