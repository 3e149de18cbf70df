// Two concurrent tests script the same folder differently: each sees its own.
import { describe, expect } from "vitest";
import { FilenSDK } from "@filen/sdk";
import { filenTestConfig } from "drivemock/filen";
import { drivemockTest } from "drivemock/vitest";
import { archiveFolder } from "../../src/archive.js";

const test = drivemockTest({ filen: true });

describe.concurrent("archiving the same folder", () => {
  test("succeeds where the folder is there", async ({ session }) => {
    expect(session.name).toMatch(/archive\.test\.mjs > archiving the same folder > succeeds where the folder is there$/);
    await archiveFolder(new FilenSDK(filenTestConfig({ apiKey: session.apiKey })), "shared-folder");
    expect(await session.directory("shared-folder")).toMatchObject({ state: "trashed", color: "gray" });
  });

  test("fails where this test says the folder is gone", async ({ session }) => {
    await session.push(`
directories:
  shared-folder:
    trash: {body: {status: false, message: Folder not found., code: folder_not_found}}
`);
    const sdk = new FilenSDK(filenTestConfig({ apiKey: session.apiKey }));
    await expect(archiveFolder(sdk, "shared-folder")).rejects.toMatchObject({ code: "folder_not_found" });
    expect(await session.directory("shared-folder")).toMatchObject({ color: "gray", calls: { trash: 1 } }); // no retry
  });
});
