// Test-writing bugs a Playwright suite can make, each of which must fail
// its test with drivemock's reason, and a right test that must pass (run by
// tests/playwright, which checks each verdict; not part of the app's suite).
import { test, expect } from "../tests/fixtures";

async function archive(page: import("@playwright/test").Page, uuid: string) {
  await page.goto("http://app.localhost/");
  await page.getByLabel("Folder").fill(uuid);
  await page.getByRole("button", { name: "Archive" }).click();
}

test("a failure scripted, the page never calling it", async ({ page, session }) => {
  await session.push({ directories: { "another-folder": { trash: { body: { status: false, message: "Gone.", code: "folder_not_found" } } } } });
  await archive(page, "folder-1");
  await expect(page.getByRole("status")).toHaveText("archived folder-1");
});

test("a uuid typo", async ({ page, session }) => {
  await session.push({ directories: { "folder-abc": { color: { body: { status: false, message: "Gone.", code: "folder_not_found" } } } } });
  await archive(page, "folder-abd");
  await expect(page.getByRole("status")).toHaveText("archived folder-abd");
});

test("a page of a context the test made itself is routed too", async ({ browser, session }) => {
  const context = await browser.newContext();
  await context.route("http://app.localhost/**", (route) => route.fulfill({ path: require("node:path").join(__dirname, "../dist", new URL(route.request().url()).pathname.replace(/^\/$/, "/index.html")) }));
  const page = await context.newPage();
  await archive(page, "folder-3");
  await expect(page.getByRole("status")).toHaveText("archived folder-3");
  expect(await session.count({ uuid: "folder-3" })).toBe(2); // its color and trash are the test's
  await context.close();
});
