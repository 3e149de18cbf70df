// The web app's tests: Playwright Test in Debian's Chromium (Playwright's
// own browser downloads are not used), one drivemock for the run.
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "tests",
  globalSetup: "./drivemock.setup.ts",
  fullyParallel: true,
  workers: 2,
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON ?? "playwright-results.json" }]],
  use: {
    launchOptions: { executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" },
  },
});
