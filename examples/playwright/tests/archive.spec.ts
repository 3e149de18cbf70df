// The app archives a folder through the SDK in the page; each test scripts
// drivemock in its own session, tests in parallel.
import { test, expect } from "./fixtures";

test("archiving a folder colors it gray, then trashes it", async ({ page, session }) => {
  await page.goto("http://app.localhost/");
  await expect(page.getByRole("status")).toHaveText("ready");
  await page.getByLabel("Folder").fill("folder-1");
  await page.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByRole("status")).toHaveText("archived folder-1");
  expect(await session.directory("folder-1")).toMatchObject({ state: "trashed", color: "gray" });
  expect((await session.requests({ operation: "color" }))[0].request.json).toMatchObject({ color: "gray" });
});

test("a folder that is gone shows the service's error", async ({ page, session }) => {
  await session.push({ directories: { "folder-1": { trash: { body: { status: false, message: "Folder not found.", code: "folder_not_found" } } } } });
  await page.goto("http://app.localhost/");
  await page.getByLabel("Folder").fill("folder-1");
  await page.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByRole("status")).toHaveText("failed: folder_not_found");
  expect(await session.directory("folder-1")).toMatchObject({ color: "gray", calls: { trash: 1 } });
});
