// Debian's headless Chromium (CHROMIUM, default /usr/bin/chromium) under
// puppeteer-core, as every browser test launches it.
"use strict";

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

module.exports = { launchChromium };
