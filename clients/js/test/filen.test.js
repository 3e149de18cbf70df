// drivemock/filen: the official SDK, unchanged, routed to drivemock in one
// line, from CommonJS (esm.test.mjs does the same from an ES module).
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { FilenSDK, APIError } = require("@filen/sdk");
const sdkClient = require("@filen/sdk/dist/node/api/client");
const { startDrivemock } = require("drivemock");
const { connectFilenSdk, filenTestConfig } = require("drivemock/filen");
const { tempFile } = require("./helpers");

let mock;
let sdk;
test.before(async () => {
  mock = await startDrivemock({ preset: "filen" });
  sdk = connectFilenSdk(mock);
});
test.after(async () => {
  await sdk?.disconnect();
  await mock.stop();
});
test.beforeEach(() => mock.reset());

test("cloud().trashDirectory() completes with no scenario: lock, trash, release", async () => {
  await new FilenSDK(filenTestConfig()).cloud().trashDirectory({ uuid: "d1" });
  const entries = await mock.requests();
  assert.deepEqual(
    entries.map((e) => [e.operation, e.operation === "lock" ? e.request.json.type : e.uuid, e.response.status]),
    [["lock", "acquire", 200], ["trash", "d1", 200], ["lock", "release", 200]],
  );
  assert.equal((await mock.directory("d1")).state, "trashed");
  for (const e of entries) assert.deepEqual(e.violations, []);
});

test("cloud().changeDirectoryColor() completes and drivemock stores the color", async () => {
  await new FilenSDK(filenTestConfig()).cloud().changeDirectoryColor({ uuid: "d1", color: "green" });
  assert.equal((await mock.directory("d1")).color, "green");
});

test("a scripted error reaches the app as the SDK's APIError, without a retry", async () => {
  await mock.push("directories: {gone: {trash: {body: {status: false, message: Folder not found., code: folder_not_found}}}}");
  await assert.rejects(new FilenSDK(filenTestConfig()).api(3).dir().trash({ uuid: "gone" }), (e) => {
    assert.ok(e instanceof APIError);
    assert.equal(e.code, "folder_not_found");
    return true;
  });
  assert.equal(await mock.count({ uuid: "gone" }), 1);
});

test("a lock busy once is asked for again, over the built-in lock", async () => {
  const pushed = await mock.push(`
defaults:
  lock:
    - when: {type: acquire}
      respond: [{body: {status: true, data: {acquired: false}}}, {body: {status: true, data: {acquired: true}}}]
`);
  assert.deepEqual(pushed.warnings, [], "the dialect's lock is shadowed without a warning");
  await new FilenSDK(filenTestConfig()).cloud().trashDirectory({ uuid: "d2" });
  assert.deepEqual((await mock.requests()).map((e) => e.operation), ["lock", "lock", "trash", "lock"]);
});

test("a lock busy once in a file's defaults leaves the SDK's release answered as the service does", async () => {
  // The docs' "lock busy once", scripted for every lock call: it replaced
  // the dialect's release answer, and the SDK's next trash took no lock.
  const file = tempFile("busy.yaml", `defaults:
  lock:
    respond:
      - {body: {status: true, message: Lock busy., code: lock_busy, data: {acquired: false}}}
      - {body: {status: true, message: Lock acquired., code: lock_acquired, data: {acquired: true}}}
directories: {a: {}, b: {}}
`);
  const busy = await startDrivemock({ preset: "filen", scenarios: file });
  await sdk.disconnect();
  const connection = connectFilenSdk(busy);
  try {
    const cloud = new FilenSDK(filenTestConfig()).cloud();
    await cloud.trashDirectory({ uuid: "a" });
    await cloud.trashDirectory({ uuid: "b" });
    const calls = (await busy.requests()).map((e) =>
      e.operation === "lock" ? `lock:${e.request.json.type} ${e.response.json.code}` : `${e.operation}:${e.uuid}`,
    );
    // Each lock is a fresh uuid: busy once, then acquired; released as the service does.
    assert.deepEqual(calls, [
      "lock:acquire lock_busy", "lock:acquire lock_acquired", "trash:a", "lock:release lock_released",
      "lock:acquire lock_busy", "lock:acquire lock_acquired", "trash:b", "lock:release lock_released",
    ]);
    assert.deepEqual(await busy.unmatched(), [], "the SDK's lock calls are no typos");
  } finally {
    await connection.disconnect();
    await busy.stop();
    sdk = connectFilenSdk(mock);
  }
});

test("unmatched() is a typo guard in an SDK suite: the lock's calls are left out, the typo is not", async () => {
  await mock.push("directories: {folder-1: {}}", { name: "named" });
  const cloud = new FilenSDK(filenTestConfig()).cloud();
  await cloud.trashDirectory({ uuid: "folder-1" });
  assert.deepEqual(await mock.unmatched(), []);
  await cloud.trashDirectory({ uuid: "folder-l" });
  assert.deepEqual((await mock.unmatched()).map((e) => [e.operation, e.uuid]), [["trash", "folder-l"]]);
});

test("the retry budget is the connection's: a 503 then a success takes one retry", async () => {
  await mock.push("directories: {flaky: {color: {respond: [{http: 503, raw: busy}, {body: {status: true, message: ok, code: ok}}]}}}");
  await new FilenSDK(filenTestConfig()).api(3).dir().color({ uuid: "flaky", color: "blue" });
  assert.deepEqual((await mock.requests()).map((e) => e.response.status), [503, 200]);
  assert.equal(sdkClient.APIClientDefaults.maxRetries, 3);
});

test("filenTestConfig gives a logged-in placeholder config, with overrides", () => {
  const config = filenTestConfig({ userId: 42 });
  assert.ok(Array.isArray(config.masterKeys));
  assert.equal(config.userId, 42);
  assert.equal(config.connectToSocket, false);
});

test("filenTestConfig throws while the SDK is routed to no drivemock: no SDK reaches the live service", async () => {
  await sdk.disconnect();
  try {
    assert.throws(() => filenTestConfig(), (e) => {
      assert.equal(e.code, "not_connected");
      assert.match(e.message, /connectFilenSdk\(mock\)/);
      assert.match(e.message, /drivemockTest\(\{ filen: true \}\)/);
      return true;
    });
  } finally {
    sdk = connectFilenSdk(mock);
  }
  assert.equal(filenTestConfig().apiKey, "drivemock-test-api-key"); // connected again: fine
});

/**
 * With `sdk` disconnected, runs body(other, connection, real) against a
 * drivemock of its own, `real` being the SDK's own agent and defaults; then
 * connects `sdk` again.
 */
async function withOwnConnection(connectOptions, body) {
  const other = await startDrivemock({ preset: "filen" });
  await sdk.disconnect();
  const { maxRetries, gatewayTimeout } = sdkClient.APIClientDefaults;
  const real = { agent: sdkClient.keepAliveAgent, maxRetries, gatewayTimeout };
  const connection = connectFilenSdk(other, connectOptions);
  try {
    await body(other, connection, real);
  } finally {
    await connection.disconnect();
    await other.stop();
    sdk = connectFilenSdk(mock);
  }
}

test("disconnect ends a request still retrying against drivemock, then restores the SDK's routing", async () => {
  await withOwnConnection({ maxRetries: 50, retryTimeout: 20 }, async (other, connection, real) => {
    assert.throws(() => connectFilenSdk(other), { code: "already_connected" });
    assert.equal(sdkClient.APIClientDefaults.gatewayTimeout, 2000, "the SDK's 300 s time-out is the connection's");
    await other.push("directories: {slow: {trash: {http: 503}}}");
    const trashing = new FilenSDK(filenTestConfig()).api(3).dir().trash({ uuid: "slow" });
    await other.waitFor({ uuid: "slow" }); // the first try came: the request is in its retry loop
    assert.equal(connection.pending, 1);
    await connection.disconnect();
    await assert.rejects(trashing, /disconnected from drivemock on port/);
    assert.equal(connection.pending, 0);
    assert.equal(sdkClient.keepAliveAgent, real.agent);
    assert.equal(sdkClient.APIClientDefaults.maxRetries, real.maxRetries);
    assert.equal(sdkClient.APIClientDefaults.gatewayTimeout, real.gatewayTimeout);
  });
});

test("a hanging answer fails the SDK's call after requestTimeoutMs a try", { timeout: 30000 }, async () => {
  await withOwnConnection({ requestTimeoutMs: 200, maxRetries: 2 }, async (other) => {
    await other.push("directories: {stuck: {trash: {fault: hang}}}");
    await assert.rejects(new FilenSDK(filenTestConfig()).api(3).dir().trash({ uuid: "stuck" }), /timed out after 200ms/);
    assert.equal(await other.count({ uuid: "stuck" }), 2);
  });
});

// Both orders of the docs' teardown end a hang at once: the test's own
// time-out (far below the SDK's 300 s) is what fails them otherwise.
for (const order of [["disconnect", "stop"], ["stop", "disconnect"]]) {
  test(`a hanging call does not hold up the teardown: ${order.join("(), then ")}()`, { timeout: 10000 }, async () => {
    const other = await startDrivemock({ preset: "filen" });
    await sdk.disconnect();
    const connection = connectFilenSdk(other, { requestTimeoutMs: 60000 });
    try {
      await other.push("directories: {stuck: {trash: {fault: hang}}}");
      const trashing = new FilenSDK(filenTestConfig()).api(3).dir().trash({ uuid: "stuck" });
      const failed = assert.rejects(trashing, /disconnected from drivemock|has stopped|socket hang up|ECONN/);
      await other.waitFor({ uuid: "stuck" });
      const ends = { disconnect: () => connection.disconnect(), stop: () => other.stop() };
      for (const step of order) await ends[step]();
      await failed;
      assert.equal(connection.pending, 0);
    } finally {
      await connection.disconnect();
      await other.stop();
      sdk = connectFilenSdk(mock);
    }
  });
}

test("connectFilenSdk refuses a request time-out that is not a positive whole number", () => {
  assert.throws(() => connectFilenSdk(mock, { requestTimeoutMs: 0 }), { code: "invalid_options" });
});

test("in the document dialect the SDK's requests carry a dialect violation", async () => {
  const documentDialect = await startDrivemock();
  await sdk.disconnect();
  const connection = connectFilenSdk(documentDialect);
  try {
    await new FilenSDK(filenTestConfig()).api(3).dir().color({ uuid: "d", color: "red" });
    const [entry] = await documentDialect.violations();
    assert.equal(entry.violations[0].rule, "dialect");
    assert.match(entry.violations[0].message, /--dialect service/);
  } finally {
    await connection.disconnect();
    await documentDialect.stop();
    sdk = connectFilenSdk(mock);
  }
});
