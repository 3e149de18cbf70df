// drivemock against the service's official JavaScript SDK (@filen/sdk
// 0.3.12), unchanged, through the drivemock package: what the client under
// test sees is what a user's app would see against the live service. The
// SDK here is this folder's copy, not the package's own: connectFilenSdk
// routes the copy the app loaded.
"use strict";

const crypto = require("node:crypto");
const test = require("node:test");
const assert = require("node:assert/strict");
const { FilenSDK, APIError } = require("@filen/sdk");
const { startDrivemock } = require("drivemock");
const { connectFilenSdk, filenTestConfig } = require("drivemock/filen");
const { startStandIn } = require("./stand-in");

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

const sdk = () => new FilenSDK(filenTestConfig());

/// [operation, what it names, HTTP status] of each journal entry: lock type, or uuid.
const calls = (entries) =>
  entries.map((e) => [e.operation, e.operation === "lock" ? e.request.json.type : e.uuid, e.response.status]);

/// Starts drivemock with `options`, pushes `yaml`, connects the SDK, runs `body`, stops.
async function withDrivemock(options, yaml, body) {
  const mock = await startDrivemock(options);
  const connection = connectFilenSdk(mock);
  try {
    if (yaml) await mock.push(yaml, { failOnWarnings: true });
    await body(mock);
  } finally {
    await connection.disconnect();
    await mock.stop();
  }
}

const FILEN = { preset: "filen" };

test("service dialect: color and trash succeed, and the journal keeps what the SDK sent", () =>
  withDrivemock(FILEN, SCRIPT, async (mock) => {
    await sdk().api(3).dir().color({ uuid: "d1", color: "red" });
    await sdk().api(3).dir().trash({ uuid: "d1" });
    const journal = await mock.requests();
    assert.deepEqual(calls(journal), [["color", "d1", 200], ["trash", "d1", 200]]);
    for (const entry of journal) {
      assert.deepEqual(entry.violations, []);
      assert.equal(entry.request.headers.Authorization, "***");
      assert.equal(entry.request.headers["User-Agent"], "filen-sdk");
      const sha512 = crypto.createHash("sha512").update(entry.request.body).digest("hex");
      assert.equal(entry.request.headers.Checksum, sha512);
    }
  }));

test("service dialect: a status false answer throws APIError with its code, without a retry", () =>
  withDrivemock(FILEN, SCRIPT, async (mock) => {
    await rejectsWithCode(sdk().api(3).dir().trash({ uuid: "gone" }), "folder_not_found");
    assert.equal(await mock.count(), 1);
  }));

test("service dialect: a trash or color the SDK reads as refused moves no state", () =>
  withDrivemock(FILEN, `
directories:
  mine:
    trash:
      respond:
        - {body: {status: false, message: Not yours., code: permission_denied}}
        - {body: {status: true, message: Moved., code: dir_trashed}}
    color:
      - when: {color: red}
        respond: {body: {status: false, message: In the trash., code: dir_trashed}}
`, async (mock) => {
    await sdk().api(3).dir().color({ uuid: "mine", color: "blue" });
    await rejectsWithCode(sdk().api(3).dir().color({ uuid: "mine", color: "red" }), "dir_trashed");
    await rejectsWithCode(sdk().api(3).dir().trash({ uuid: "mine" }), "permission_denied");
    let mine = await mock.directory("mine");
    assert.equal(mine.state, "active"); // the refused trash did not trash it
    assert.equal(mine.color, "blue"); // nor was the refused color stored
    await sdk().api(3).dir().trash({ uuid: "mine" });
    mine = await mock.directory("mine");
    assert.equal(mine.state, "trashed");
    assert.deepEqual((await mock.requests()).map((e) => e.response.succeeded), [true, false, false, true]);
  }));

test("service dialect: an unknown uuid rejected by drivemock throws APIError, once", () =>
  withDrivemock(FILEN, "unknown_uuids: reject\ndirectories: {known: {}}", async (mock) => {
    await rejectsWithCode(sdk().api(3).dir().trash({ uuid: "unknown" }), "folder_not_found");
    assert.equal(await mock.count(), 1);
  }));

test("service dialect: a 503 then a success succeeds after one retry", () =>
  withDrivemock(FILEN, SCRIPT, async (mock) => {
    await sdk().api(3).dir().color({ uuid: "flaky", color: "blue" });
    assert.deepEqual((await mock.requests()).map((e) => e.response.status), [503, 200]);
  }));

test("document dialect: the SDK reads drivemock's errors as successes, and each request says so", () =>
  withDrivemock({}, "unknown_uuids: reject\ndirectories: {known: {}}", async (mock) => {
    // drivemock answers {"status":"error","code":"folder_not_found"}: not false, so a success.
    await sdk().api(3).dir().trash({ uuid: "unknown" });
    const [entry] = await mock.requests();
    assert.equal(entry.response.json.status, "error");
    assert.equal(entry.violations[0].rule, "dialect");
  }));

test("service dialect: cloud().trashDirectory() takes the lock, trashes, releases, in that order", () =>
  withDrivemock(FILEN, null, async (mock) => {
    await sdk().cloud().trashDirectory({ uuid: "d9" });
    const journal = await mock.requests();
    assert.deepEqual(calls(journal), [["lock", "acquire", 200], ["trash", "d9", 200], ["lock", "release", 200]]);
    const [acquire, , release] = journal.map((e) => e.request.json);
    assert.equal(acquire.resource, "drive-write");
    assert.equal(release.uuid, acquire.uuid); // the same lock
    assert.equal((await mock.directory("d9")).state, "trashed");
  }));

test("service dialect: cloud().changeDirectoryColor() completes and drivemock stores the color", () =>
  withDrivemock(FILEN, null, async (mock) => {
    await sdk().cloud().changeDirectoryColor({ uuid: "d9", color: "green" });
    assert.deepEqual(calls(await mock.requests()), [["color", "d9", 200]]);
    assert.equal((await mock.directory("d9")).color, "green");
  }));

test("service dialect: a lock not acquired at first is asked for again until it is", () =>
  withDrivemock(FILEN, `
defaults:
  lock:
    - when: {type: acquire}
      respond: [{body: {status: true, data: {acquired: false}}}, {body: {status: true, data: {acquired: true}}}]
`, async (mock) => {
    await sdk().cloud().trashDirectory({ uuid: "d9" });
    assert.deepEqual(calls(await mock.requests()), [
      ["lock", "acquire", 200], ["lock", "acquire", 200], ["trash", "d9", 200], ["lock", "release", 200],
    ]);
  }));

// --- record and replay ------------------------------------------------------

/// The SDK flows a QA person records: trash (lock, trash, release) and color.
async function sdkFlows() {
  await sdk().cloud().trashDirectory({ uuid: "d9" });
  await sdk().cloud().changeDirectoryColor({ uuid: "d9", color: "green" });
}

/// Operation, what it names (lock type: the lock's uuid is new every time) and answer.
const answered = (entries) =>
  entries.map((e) => [e.operation, e.operation === "lock" ? e.request.json.type : e.uuid, e.response.status, e.response.body]);

test("record and replay: a recording of the SDK's trash and color flows replays on its own", async () => {
  const standIn = await startStandIn();
  const fs = require("node:fs");
  const os = require("node:os");
  const path = require("node:path");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "drivemock-sdk-"));
  const file = path.join(dir, "sdk-flows.yaml");
  let recorded;
  try {
    await withDrivemock({ ...FILEN, args: ["--record-to", file] }, null, async (mock) => {
      await mock.startRecording(standIn.url);
      await sdkFlows();
      const saved = await mock.stopRecording();
      assert.equal(saved.uncapturedCalls, 0);
      recorded = answered(await mock.requests());
    });
    assert.deepEqual(recorded.map((r) => r.slice(0, 2)), [
      ["lock", "acquire"], ["lock", "acquire"], ["trash", "d9"], ["lock", "release"], ["color", "d9"],
    ]);
    // Only the recording: the SDK takes a lock under a uuid of its own
    // making again, and gets the recorded answers in the recorded order.
    await withDrivemock({ ...FILEN, scenarios: [file] }, null, async (mock) => {
      await sdkFlows();
      const journal = await mock.requests();
      assert.deepEqual(answered(journal), recorded);
      assert.ok(journal.every((e) => e.matched), "every answer came from the recording");
    });
  } finally {
    await standIn.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
