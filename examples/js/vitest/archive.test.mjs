import { test, expect, beforeAll, afterAll, beforeEach } from "vitest";
import { FilenSDK } from "@filen/sdk";
import { startDrivemock } from "drivemock";
import { connectFilenSdk, filenTestConfig } from "drivemock/filen";
import { archiveFolder } from "../src/archive.js";

let mock, connection;
beforeAll(async () => {
  mock = await startDrivemock({ preset: "filen" });
  connection = connectFilenSdk(mock);
});
afterAll(async () => {
  await connection.disconnect();
  await mock.stop();
});
beforeEach(() => mock.reset());

test("archiving colors the folder gray, then trashes it", async () => {
  await archiveFolder(new FilenSDK(filenTestConfig()), "f1");
  const calls = await mock.requests();
  expect(calls.map((c) => c.operation)).toEqual(["color", "lock", "trash", "lock"]);
  expect(calls[0].request.json.color).toBe("gray");
  expect(await mock.directory("f1")).toMatchObject({ state: "trashed", color: "gray" });
});

test("a folder that is gone fails the archive with the service's error", async () => {
  await mock.push("directories: {f2: {trash: {body: {status: false, message: Folder not found., code: folder_not_found}}}}");
  await expect(archiveFolder(new FilenSDK(filenTestConfig()), "f2")).rejects.toMatchObject({ code: "folder_not_found" });
  expect(await mock.count({ operation: "trash", uuid: "f2" })).toBe(1); // no retry
});
