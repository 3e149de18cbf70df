// A web app in a browser calls the mock API from its own origin, as a web
// app built on the official SDK calls the gateway: with Authorization,
// Checksum and Content-Type, so each call is preflighted. In the service
// dialect drivemock answers the preflight and names the origin of a page of
// this machine (a dev server on localhost), so the page gets its answer, and
// the call is journaled with its headers; a page of another site
// (http://app.example, which Chromium maps to 127.0.0.1) gets nothing it
// can read unless --cors-origin names it.
"use strict";

const assert = require("node:assert/strict");
const http = require("node:http");
const { after, before, test } = require("node:test");
const { chromiumForFile } = require("./chromium");
const { startDrivemock } = require("../support/drivemock-process");


const browser = chromiumForFile(["--host-resolver-rules=MAP app.example 127.0.0.1"]);
let app;
let appUrl;
let localUrl;
before(async () => {
  app = http.createServer((req, res) => {
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end("<!doctype html><title>a web app</title>");
  });
  await new Promise((resolve) => app.listen(0, "127.0.0.1", resolve));
  appUrl = `http://app.example:${app.address().port}`;
  localUrl = `http://localhost:${app.address().port}`;
});
after(async () => {
  app?.close();
});

/// What a fetch from the page gets: the answer's status and JSON, or the
/// browser's error when CORS blocks it. `encodings` collects the
/// Content-Encoding each answer of the call came with (null: none).
async function fetchFromPage(target, origin, uuid = "from-the-page", encodings = []) {
  const page = await browser.newPage();
  page.on("response", (res) => {
    if (res.request().method() === "POST") encodings.push(res.headers()["content-encoding"] ?? null);
  });
  try {
    await page.goto(origin + "/");
    return await page.evaluate(async (url, id) => {
      try {
        const res = await fetch(url + "/v3/dir/trash", {
          method: "POST",
          headers: { "Authorization": "Bearer key", "Checksum": "abc", "Content-Type": "application/json" },
          body: JSON.stringify({ uuid: id }),
        });
        return { status: res.status, json: await res.json() };
      } catch (e) {
        return { error: String(e) };
      }
    }, target, uuid);
  } finally {
    await page.close();
  }
}

test("service dialect: a preflighted fetch from a page of this machine gets its answer", async () => {
  const mock = await startDrivemock(["--dialect", "service"], "directories: {}\n");
  try {
    const got = await fetchFromPage(mock.url, localUrl);
    assert.deepEqual(got, { status: 200, json: { status: true, message: "Directory moved to trash.", code: "dir_trashed" } });
    const [entry] = await mock.journal();  // the call, not the preflight
    assert.equal(entry.uuid, "from-the-page");
    assert.equal(entry.request.headers.Checksum, "abc");
    assert.equal(entry.request.headers.Origin, localUrl);
    const health = await (await fetch(mock.url + "/__admin/health")).json();
    assert.equal(health.corsPreflights, 1);
  } finally {
    await mock.stop();
  }
});

test("the same fetch is blocked by the browser without CORS, and from another site by default", async () => {
  const plain = await startDrivemock([], "directories: {}\n");  // document dialect, no --cors
  const service = await startDrivemock(["--dialect", "service"], "directories: {}\n");
  const named = await startDrivemock(["--dialect", "service", "--cors-origin", appUrl], "directories: {}\n");
  try {
    assert.match((await fetchFromPage(plain.url, localUrl)).error, /TypeError: Failed to fetch/);
    assert.match((await fetchFromPage(service.url, appUrl)).error, /TypeError: Failed to fetch/);
    assert.deepEqual(await service.journal(), []);  // refused at the preflight: never sent
    // Named with --cors-origin, that site may.
    assert.equal((await fetchFromPage(named.url, appUrl)).status, 200);
  } finally {
    await plain.stop();
    await service.stop();
    await named.stop();
  }
});

test("a browser offers br on every call: small answers come plain, a 16 KiB one as br, which it reads", async () => {
  const message = "m".repeat(16384);
  const mock = await startDrivemock(["--dialect", "service"],
    `directories: {big: {trash: {body: {status: true, message: ${message}, code: dir_trashed}}}}\n`);
  try {
    const encodings = [];
    assert.equal((await fetchFromPage(mock.url, localUrl, "small", encodings)).status, 200);
    const big = await fetchFromPage(mock.url, localUrl, "big", encodings);
    assert.equal(big.json.message, message);
    assert.deepEqual(encodings, [null, "br"]);
    const journal = await mock.journal();
    assert.match(journal[0].request.headers["Accept-Encoding"], /\bbr\b/);  // Chromium's offer
    assert.equal(JSON.parse(journal[1].response.body).message, message);  // kept as scripted
  } finally {
    await mock.stop();
  }
});
