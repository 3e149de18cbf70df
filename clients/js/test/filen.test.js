// drivemock/filen: the official SDK, unchanged, routed to drivemock in one
// line, from CommonJS (esm.test.mjs does the same from an ES module).
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { FilenSDK, APIError } = require("@filen/sdk");
const sdkClient = require("@filen/sdk/dist/node/api/client");
const { startDrivemock } = require("drivemock");
const { connectFilenSdk, filenTestConfig } = require("drivemock/filen");

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

test("disconnect waits for a request still retrying against drivemock, then restores the SDK's routing", async () => {
  const other = await startDrivemock({ preset: "filen" });
  await sdk.disconnect();
  const realAgent = sdkClient.keepAliveAgent;
  const realRetries = sdkClient.APIClientDefaults.maxRetries;
  try {
    const connection = connectFilenSdk(other, { maxRetries: 50, retryTimeout: 20 });
    assert.throws(() => connectFilenSdk(other), { code: "already_connected" });
    await other.push("directories: {slow: {trash: {respond: [{http: 503}, {http: 503}, {http: 503}, {body: {status: true, message: ok, code: ok}}]}}}");
    const trashing = new FilenSDK(filenTestConfig()).api(3).dir().trash({ uuid: "slow" });
    await other.waitFor({ uuid: "slow" }); // the first try came: the request is in its retry loop
    assert.equal(connection.pending, 1);
    const disconnected = connection.disconnect();
    assert.notEqual(sdkClient.keepAliveAgent, realAgent, "still routed while a retry is pending");
    await trashing; // every retry went to drivemock
    await disconnected;
    assert.deepEqual((await other.requests()).map((e) => e.response.status), [503, 503, 503, 200]);
    assert.equal(sdkClient.keepAliveAgent, realAgent);
    assert.equal(sdkClient.APIClientDefaults.maxRetries, realRetries);
  } finally {
    await other.stop();
    sdk = connectFilenSdk(mock);
  }
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
