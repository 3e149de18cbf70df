// Archiving folders, tests concurrent: each test's scripts and states stay
// in its own session, where another test scripts the same folder.
import { describe, expect } from "@jest/globals";
import { drivemockTest } from "drivemock/jest";
import { archiveFolder } from "../src/archive";
import { GONE, failure, folder, sdkOf } from "./fixtures";

const test = drivemockTest.with({ filen: true });

describe("archiving a folder", () => {
  for (const n of [1, 2, 3, 4, 5]) {
    test.concurrent(`c${n} ends gray in the trash`, async ({ session }) => {
      await archiveFolder(sdkOf(session), folder(n));
      expect(await session.directory(folder(n))).toMatchObject({ state: "trashed", color: "gray" });
    });
  }

  for (const n of [1, 2, 3]) {
    test.concurrent(`c${n}, gone in this test, is colored but not trashed`, async ({ session }) => {
      await session.push({ directories: { [folder(n)]: { trash: failure("folder_not_found", "Folder not found.") } } });
      await expect(archiveFolder(sdkOf(session), folder(n))).rejects.toMatchObject({ code: "folder_not_found" });
      expect(await session.directory(folder(n))).toMatchObject({ color: "gray", calls: { trash: 1 } }); // no retry
    });
  }

  test.concurrent("the baseline's gone folder fails for every test", async ({ session }) => {
    await expect(archiveFolder(sdkOf(session), GONE)).rejects.toMatchObject({ code: "folder_not_found" });
  });

  test.concurrent("a color the service refuses stops the archive before the trash", async ({ session }) => {
    await session.push({ directories: { [folder(6)]: { color: failure("folder_not_found", "Folder not found.") } } });
    await expect(archiveFolder(sdkOf(session), folder(6))).rejects.toMatchObject({ code: "folder_not_found" });
    expect(await session.count({ operation: "trash" })).toBe(0);
  });
});
