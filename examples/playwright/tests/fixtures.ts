// The app's test: Playwright's, with drivemock's fixtures, and the app's
// built pages (dist/, `npm run build`) served at http://app.localhost.
import path from "node:path";
import { test as base } from "@playwright/test";
import { drivemockFixtures } from "drivemock/playwright";

const dist = path.join(__dirname, "..", "dist");

export const test = base.extend(drivemockFixtures()).extend({
  context: async ({ context }, use) => {
    await context.route("http://app.localhost/**", (route) => {
      const file = new URL(route.request().url()).pathname.replace(/^\/$/, "/index.html");
      return route.fulfill({ path: path.join(dist, path.normalize(file)) });
    });
    await use(context);
  },
});
export { expect } from "@playwright/test";
