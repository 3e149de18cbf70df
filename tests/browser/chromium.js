// Debian's headless Chromium (CHROMIUM, default /usr/bin/chromium) under
// puppeteer-core, as every browser test launches it.
"use strict";

const { after, before } = require("node:test");
const puppeteer = require("puppeteer-core");

const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

/// A headless Chromium; `args` adds flags (host mappings for a second site).
function launchChromium(args = []) {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Root in a container has no user namespace for Chromium's sandbox.
    args: ["--no-sandbox", "--disable-dev-shm-usage", ...args],
  });
}

/// One Chromium for the test file that calls this at its top level: launched
/// before the file's tests, closed after them. `newPage()` opens a tab in it,
/// `createBrowserContext()` a window of its own (its own storage).
function chromiumForFile(args = []) {
  let browser;
  before(async () => {
    browser = await launchChromium(args);
  });
  after(async () => {
    await browser?.close();
  });
  return {
    newPage: () => browser.newPage(),
    createBrowserContext: (options) => browser.createBrowserContext(options),
  };
}

module.exports = { chromiumForFile };
