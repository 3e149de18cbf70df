// Sequences: a list of answers, one per call, the last repeating, scripted
// by each test for itself.
import { describe, expect } from "@jest/globals";
import { drivemockTest } from "drivemock/jest";
import { failure, folder, sdkOf } from "./fixtures";

const test = drivemockTest.with({ filen: true });
const ok = { body: { status: true, message: "Directory trashed.", code: "dir_trashed" } };

describe("a folder that fails, then works", () => {
  for (let n = 1; n <= 5; n += 1) {
    test.concurrent(`trash of c${n} fails ${n} time(s) for this test, then works`, async ({ session }) => {
      const answers = [...Array.from({ length: n }, () => failure("internal_error", "Try again.")), ok];
      await session.push({ directories: { [folder(n)]: { trash: { respond: answers } } } });
      const sdk = sdkOf(session);
      for (let i = 0; i < n; i += 1) {
        await expect(sdk.cloud().trashDirectory({ uuid: folder(n) })).rejects.toMatchObject({ code: "internal_error" });
      }
      await sdk.cloud().trashDirectory({ uuid: folder(n) });
      expect(await session.directory(folder(n))).toMatchObject({ state: "trashed" });
    });
  }

  for (let n = 1; n <= 5; n += 1) {
    test(`the last answer of c${n}'s sequence repeats`, async ({ session }) => {
      await session.push({ directories: { [folder(n)]: { color: { respond: [failure("internal_error", "Busy.")] } } } });
      const sdk = sdkOf(session);
      for (let i = 0; i < 3; i += 1) {
        await expect(sdk.cloud().changeDirectoryColor({ uuid: folder(n), color: "red" })).rejects.toMatchObject({
          code: "internal_error",
        });
      }
      expect(await session.count({ operation: "color", uuid: folder(n) })).toBe(3);
    });
  }
});
