// drivemock against the service's official JavaScript SDK (@filen/sdk
// 0.3.12), unchanged: what the client under test sees is what a user's app
// would see against the live service.
"use strict";

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
