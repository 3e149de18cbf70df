import { test, before, after, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { FilenSDK } from "@filen/sdk";
import { startDrivemock } from "drivemock";
import { connectFilenSdk, filenTestConfig } from "drivemock/filen";
import { archiveFolder } from "../src/archive.js";

let mock, connection;
before(async () => {
  mock = await startDrivemock({ preset: "filen" });
  connection = connectFilenSdk(mock);
});
after(async () => {
  await connection.disconnect();
  await mock.stop();
});
beforeEach(() => mock.reset());

test("archiving colors the folder gray, then trashes it", async () => {
  await archiveFolder(new FilenSDK(filenTestConfig()), "f1");
  const calls = await mock.requests();
  assert.deepEqual(calls.map((c) => c.operation), ["color", "lock", "trash", "lock"]);
  assert.equal(calls[0].request.json.color, "gray");
  const folder = await mock.directory("f1");
  assert.deepEqual([folder.state, folder.color], ["trashed", "gray"]);
});

test("a folder that is gone fails the archive with the service's error", async () => {
  await mock.push("directories: {f2: {trash: {body: {status: false, message: Folder not found., code: folder_not_found}}}}");
  await assert.rejects(archiveFolder(new FilenSDK(filenTestConfig()), "f2"), { code: "folder_not_found" });
  assert.equal(await mock.count({ operation: "trash", uuid: "f2" }), 1); // no retry
});
