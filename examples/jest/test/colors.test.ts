// Colors, one test after another: what the SDK sent, as the journal of each
// test's own session has it.
import { describe, expect } from "@jest/globals";
import { drivemockTest } from "drivemock/jest";
import { failure, folder, sdkOf } from "./fixtures";

const test = drivemockTest.with({ filen: true });

describe("coloring a folder", () => {
  for (const color of ["default", "blue", "green", "purple", "red", "gray"] as const) {
    test(`${color} is sent as the SDK names it`, async ({ session }) => {
      await sdkOf(session).cloud().changeDirectoryColor({ uuid: folder(1), color });
      const [call] = await session.requests({ operation: "color" });
      expect(call.request.json).toMatchObject({ uuid: folder(1), color });
      expect(await session.directory(folder(1))).toMatchObject({ color });
    });
  }

  test("a test sees only its own calls", async ({ session }) => {
    await sdkOf(session).cloud().changeDirectoryColor({ uuid: folder(2), color: "red" });
    expect(await session.count()).toBe(1);
  });

  test("a refused color leaves the folder as it was", async ({ session }) => {
    await session.push({ directories: { [folder(3)]: { color: failure("folder_not_found", "Folder not found.") } } });
    await expect(sdkOf(session).cloud().changeDirectoryColor({ uuid: folder(3), color: "blue" })).rejects.toMatchObject({
      code: "folder_not_found",
    });
    expect((await session.directory(folder(3))).color).not.toBe("blue");
  });

  test("the calls come in the order the app made them", async ({ session }) => {
    const sdk = sdkOf(session);
    await sdk.cloud().changeDirectoryColor({ uuid: folder(4), color: "red" });
    await sdk.cloud().trashDirectory({ uuid: folder(4) });
    await session.verifyOrder([
      { operation: "color", uuid: folder(4) },
      { operation: "trash", uuid: folder(4) },
    ]);
  });

  test("a call the app makes later is waited for", async ({ session }) => {
    const later = new Promise((resolve) => setTimeout(resolve, 50)).then(() => sdkOf(session).cloud().trashDirectory({ uuid: folder(5) }));
    const [call] = await session.waitFor({ operation: "trash", uuid: folder(5) });
    expect(call.response.status).toBe(200);
    await later; // the SDK's lock calls end inside the test
  });
});
