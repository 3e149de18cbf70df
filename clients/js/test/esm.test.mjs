// The package from an ES module app: named imports of both entry points,
// a start, a push, the journal, the official SDK connected, a stop.
import test from "node:test";
import assert from "node:assert/strict";
import { FilenSDK } from "@filen/sdk";
import { startDrivemock, DrivemockError } from "drivemock";
import { connectFilenSdk, filenTestConfig } from "drivemock/filen";

test("from an ES module: start, push, the SDK's trash flow, the journal, stop", async () => {
  const mock = await startDrivemock({ preset: "filen" });
  const sdk = connectFilenSdk(mock);
  try {
    await mock.push("directories: {d1: {}}", { name: "esm" });
    await new FilenSDK(filenTestConfig()).cloud().trashDirectory({ uuid: "d1" });
    const entries = await mock.requests();
    assert.deepEqual(entries.map((e) => e.operation), ["lock", "trash", "lock"]);
    assert.equal(entries[1].request.json.uuid, "d1");
  } finally {
    await sdk.disconnect();
    assert.equal(await mock.stop(), 0);
  }
});

test("from an ES module: a refused push is a DrivemockError", async () => {
  const mock = await startDrivemock();
  try {
    await assert.rejects(mock.push("directories: [not, a, map]"), (e) => e instanceof DrivemockError && e.status === 400);
  } finally {
    await mock.stop();
  }
});
