// Two concurrent tests script the same folder differently: each sees its own.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { FilenSDK } from "@filen/sdk";
import { filenTestConfig } from "drivemock/filen";
import { drivemockSessions } from "drivemock/node-test";
import { archiveFolder } from "../../src/archive.js";

// Run alone (no DRIVEMOCK_URL), the file starts a drivemock of its own with this baseline.
const baseline = { seed: 7, scenarios: new URL("../scenarios.yaml", import.meta.url).pathname };
const sessions = drivemockSessions({ filen: true, start: baseline });

describe("archiving the same folder", { concurrency: true }, () => {
  test("succeeds where the folder is there", async (t) => {
    const session = sessions.of(t);
    assert.match(session.name, /^archive\.test\.mjs > (archiving the same folder > )?succeeds where the folder is there$/);
    await archiveFolder(new FilenSDK(filenTestConfig({ apiKey: session.apiKey })), "shared-folder");
    assert.equal((await session.directory("shared-folder")).state, "trashed");
  });

  test("fails where this test says the folder is gone", async (t) => {
    const session = sessions.of(t);
    await session.push("directories: {shared-folder: {trash: {body: {status: false, message: Folder not found., code: folder_not_found}}}}");
    const sdk = new FilenSDK(filenTestConfig({ apiKey: session.apiKey }));
    await assert.rejects(archiveFolder(sdk, "shared-folder"), { code: "folder_not_found" });
    assert.equal((await session.directory("shared-folder")).calls.trash, 1); // no retry
  });
});
