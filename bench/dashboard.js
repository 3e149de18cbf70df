// Keeps drivemock's dashboard open in headless Chromium (DRIVEMOCK_URL)
// until SIGTERM, for make bench's "dashboard open" row. Prints "live" once
// the page follows the journal, and at the end what it showed.
"use strict";

const path = require("node:path");
// The browser tests' pinned puppeteer-core (make client-deps installs it).
const puppeteer = require(require.resolve("puppeteer-core", {
  paths: [path.join(__dirname, "..", "tests", "browser")],
}));

(async () => {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-dev-shm-usage"],
    // This script reads the page before it closes the browser itself.
    handleSIGTERM: false,
    handleSIGINT: false,
  });
  const page = await browser.newPage();
  await page.goto(process.env.DRIVEMOCK_URL + "/__admin/ui");
  await page.waitForFunction(() => document.getElementById("connection").textContent === "live");
  console.log("live");
  process.on("SIGTERM", async () => {
    const shown = await page.$eval("#counts", (c) => c.textContent);
    const missed = await page.$eval("#missed", (m) => m.textContent);
    console.log("shown: " + shown + "; " + (missed || "none missed"));
    await browser.close();
    process.exit(0);
  });
})();
