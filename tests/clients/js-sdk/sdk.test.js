// drivemock against the service's official JavaScript SDK (@filen/sdk
// 0.3.12), unchanged: what the client under test sees is what a user's app
// would see against the live service.
"use strict";

const crypto = require("node:crypto");
const path = require("node:path");
const test = require("node:test");
const assert = require("node:assert/strict");
const { FilenSDK, APIError } = require("@filen/sdk");
const { startDrivemock, pointSdkAt } = require("./drivemock");

const SCRIPT = `
directories:
  gone: {trash: {body: {status: false, message: Folder not found., code: folder_not_found}}}
  flaky:
    color:
      respond:
        - {http: 503, raw: Service Unavailable}
        - {body: {status: true, message: Directory color changed., code: dir_color_changed}}
`;

/// Asserts that `promise` rejects with the SDK's APIError carrying `code`.
function rejectsWithCode(promise, code) {
  return assert.rejects(promise, (e) => {
    assert.ok(e instanceof APIError);
    assert.equal(e.code, code);
    return true;
  });
}

function sdk() {
  return new FilenSDK({ apiKey: "test-api-key", connectToSocket: false, metadataCache: false });
}

/// cloud() needs a logged-in config: placeholders do, as no call here decrypts anything.
function loggedInSdk() {
  return new FilenSDK({
    apiKey: "test-api-key",
    masterKeys: ["placeholder-master-key"],
    publicKey: "placeholder-public-key",
    privateKey: "placeholder-private-key",
    baseFolderUUID: "00000000-0000-4000-8000-000000000000",
    authVersion: 2,
    userId: 1,
    connectToSocket: false,
    metadataCache: false,
  });
}

/// The example that adds the service's lock operation as data.
const LOCK_EXAMPLE = path.join(__dirname, "../../../scenarios/service/lock-operation.yaml");

/// [operation, what it names, HTTP status] of each journal entry: lock type, or uuid.
function calls(journal) {
  return journal.map((e) => [
    e.operation,
    e.operation === "lock" ? JSON.parse(e.request.body).type : e.uuid,
    e.response.status,
  ]);
}

async function withDrivemock(args, yaml, body) {
  const mock = await startDrivemock(args, yaml);
  pointSdkAt(mock.port);
  try {
    await body(mock);
  } finally {
    await mock.stop();
  }
}

test("service dialect: color and trash succeed, and the journal keeps what the SDK sent", () =>
  withDrivemock(["--dialect", "service"], SCRIPT, async (mock) => {
    await sdk().api(3).dir().color({ uuid: "d1", color: "red" });
    await sdk().api(3).dir().trash({ uuid: "d1" });
    const journal = await mock.journal();
    assert.deepEqual(
      journal.map((e) => [e.operation, e.uuid, e.response.status]),
      [["color", "d1", 200], ["trash", "d1", 200]],
    );
    for (const entry of journal) {
      assert.deepEqual(entry.violations, []);
      assert.equal(entry.request.headers.Authorization, "***");
      assert.equal(entry.request.headers["User-Agent"], "filen-sdk");
      assert.match(entry.request.headers.Checksum, /^[0-9a-f]{128}$/);
    }
  }));

test("service dialect: a status false answer throws APIError with its code, without a retry", () =>
  withDrivemock(["--dialect", "service"], SCRIPT, async (mock) => {
    await rejectsWithCode(sdk().api(3).dir().trash({ uuid: "gone" }), "folder_not_found");
    assert.equal((await mock.journal()).length, 1);
  }));

test("service dialect: an unknown uuid rejected by drivemock throws APIError, once", () =>
  withDrivemock(["--dialect", "service"], "unknown_uuids: reject\ndirectories: {known: {}}", async (mock) => {
    await rejectsWithCode(sdk().api(3).dir().trash({ uuid: "unknown" }), "folder_not_found");
    assert.equal((await mock.journal()).length, 1);
  }));

test("service dialect: a 503 then a success succeeds after one retry", () =>
  withDrivemock(["--dialect", "service"], SCRIPT, async (mock) => {
    await sdk().api(3).dir().color({ uuid: "flaky", color: "blue" });
    const journal = await mock.journal();
    assert.deepEqual(journal.map((e) => e.response.status), [503, 200]);
  }));

test("document dialect: the SDK reads drivemock's errors as successes", () =>
  withDrivemock([], "unknown_uuids: reject\ndirectories: {known: {}}", async (mock) => {
    // drivemock answers {"status":"error","code":"folder_not_found"}: not false, so a success.
    await sdk().api(3).dir().trash({ uuid: "unknown" });
    const [entry] = await mock.journal();
    assert.equal(JSON.parse(entry.response.body).status, "error");
  }));

test("service dialect: cloud().trashDirectory() takes the lock, trashes, releases, in that order", () =>
  withDrivemock(["--dialect", "service", "--scenarios", LOCK_EXAMPLE], "directories: {d9: {}}", async (mock) => {
    await loggedInSdk().cloud().trashDirectory({ uuid: "d9" });
    const journal = await mock.journal();
    assert.deepEqual(calls(journal), [["lock", "acquire", 200], ["trash", "d9", 200], ["lock", "release", 200]]);
    const [acquire, , release] = journal.map((e) => JSON.parse(e.request.body));
    assert.equal(acquire.resource, "drive-write");
    assert.equal(release.uuid, acquire.uuid); // the same lock
    for (const entry of journal) {
      assert.deepEqual(entry.violations, []);
      assert.equal(entry.request.headers.Authorization, "***");
      const sha512 = crypto.createHash("sha512").update(entry.request.body).digest("hex");
      assert.equal(entry.request.headers.Checksum, sha512);
    }
    const d9 = await (await fetch(`${mock.url}/__admin/directories/d9`)).json();
    assert.equal(d9.state, "trashed");
  }));

test("service dialect: cloud().changeDirectoryColor() completes and drivemock stores the color", () =>
  withDrivemock(["--dialect", "service", "--scenarios", LOCK_EXAMPLE], "directories: {d9: {}}", async (mock) => {
    await loggedInSdk().cloud().changeDirectoryColor({ uuid: "d9", color: "green" });
    assert.deepEqual(calls(await mock.journal()), [["color", "d9", 200]]);
    const d9 = await (await fetch(`${mock.url}/__admin/directories/d9`)).json();
    assert.equal(d9.color, "green");
  }));

test("service dialect: a lock not acquired at first is asked for again until it is", () =>
  withDrivemock(["--dialect", "service"], `
operations:
  lock: {path: /v3/user/lock, fields: {uuid: string, type: string, resource: string}}
defaults:
  lock:
    - when: {type: release}
      respond: {body: {status: true, data: {released: true}}}
    - respond: [{body: {status: true, data: {acquired: false}}}, {body: {status: true, data: {acquired: true}}}]
`, async (mock) => {
    await loggedInSdk().cloud().trashDirectory({ uuid: "d9" });
    assert.deepEqual(calls(await mock.journal()), [
      ["lock", "acquire", 200], ["lock", "acquire", 200], ["trash", "d9", 200], ["lock", "release", 200],
    ]);
  }));
