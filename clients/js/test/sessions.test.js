// Sessions from JavaScript: one drivemock shared by tests that stay apart,
// the official SDK's calls placed in a session by its own apiKey, a
// drivemock attached to rather than started, and the address chosen.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const net = require("node:net");
const { FilenSDK } = require("@filen/sdk");
const { startDrivemock, attachDrivemock, DrivemockError } = require("drivemock");
const { connectFilenSdk, filenTestConfig } = require("drivemock/filen");
const { post } = require("./helpers");

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

const busyOnce = (code) => `
directories:
  shared:
    trash: {body: {status: false, message: Scripted., code: ${code}}}
`;

test("concurrent tests script the same uuid differently through their sessions and the SDK", async () => {
  const run = async (code) => {
    const session = await mock.session(`concurrent ${code}`);
    try {
      await session.push(busyOnce(code));
      const filen = new FilenSDK(filenTestConfig({ apiKey: session.apiKey }));
      const error = await filen.api(3).dir().trash({ uuid: "shared" }).catch((e) => e);
      const entries = await session.requests({ uuid: "shared" });
      return { code: error.code, sessions: entries.map((e) => e.session.name) };
    } finally {
      await session.close();
    }
  };
  const [a, b] = await Promise.all([run("code_a"), run("code_b")]);
  assert.deepEqual(a, { code: "code_a", sessions: ["concurrent code_a"] });
  assert.deepEqual(b, { code: "code_b", sessions: ["concurrent code_b"] });
  // Outside sessions the SDK's placeholder key is an ordinary client's.
  await new FilenSDK(filenTestConfig()).api(3).dir().trash({ uuid: "shared" });
  assert.equal((await mock.requests({ uuid: "shared" })).at(-1).session, null);
});

test("a session's methods are scoped to it: state, directory, counts, unmatched, reset", async () => {
  const session = await mock.session("scoped");
  const other = await mock.session("other");
  await session.setState("d1", "trashed");
  assert.equal((await session.directory("d1")).state, "trashed");
  assert.equal((await other.directory("d1")).state, "active");
  await post(mock, "/v3/dir/color", { uuid: "d1", color: "red" }, session.headers);
  assert.equal(await session.count({ uuid: "d1" }), 1);
  assert.equal(await other.count({ uuid: "d1" }), 0);
  assert.equal((await session.waitFor({ uuid: "d1" })).length, 1);
  assert.deepEqual((await session.verifyOrder([{ uuid: "d1" }])).matched.length, 1);
  assert.deepEqual((await session.unmatched()).map((e) => e.uuid), ["d1"]);
  assert.deepEqual(await other.unmatched(), []);
  await session.reset();
  assert.equal((await session.directory("d1")).state, "active");
  assert.equal(await session.count(), 1, "its journal stays");
  await session.close();
  await session.close(); // twice is fine
  assert.equal(await mock.count({ session: session.id }), 1, "a closed session's entries stay");
  await assert.rejects(session.push("directories: {}"), (e) => e instanceof DrivemockError && e.status === 410);
  await other.close();
});

test("admin events show what each session changed, in order", async () => {
  const session = await mock.session("evented");
  await session.push("directories: {e1: {}}", { name: "mine" });
  await session.close();
  const kinds = (await mock.events()).filter((e) => e.session?.id === session.id).map((e) => e.kind);
  assert.deepEqual(kinds, ["session-opened", "push", "session-closed"]);
});

test("attachDrivemock drives a running drivemock and stop() only detaches", async () => {
  await assert.rejects(attachDrivemock(mock.url), (e) => {
    assert.equal(e.code, "unauthorized");
    assert.match(e.message, /has an admin token, and none was given: pass \{ adminToken \}/);
    return true;
  });
  const attached = await attachDrivemock(mock.url, { adminToken: mock.adminToken });
  assert.equal(attached.owned, false);
  const session = await attached.session("from attached");
  assert.equal((await mock.sessions()).some((s) => s.id === session.id), true);
  await session.close();
  assert.equal(await attached.stop(), null);
  await assert.rejects(attached.health(), (e) => e.code === "detached");
  assert.equal((await mock.health()).status, "healthy", "the drivemock runs on");
});

test("attachDrivemock rejects clearly when nothing answers, or the URL is none", async () => {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  await assert.rejects(attachDrivemock(`http://127.0.0.1:${port}`), (e) => {
    assert.equal(e.code, "attach_failed");
    assert.match(e.message, new RegExp(`no drivemock answers at http://127.0.0.1:${port}`));
    return true;
  });
  await assert.rejects(attachDrivemock("localhost:8080"), (e) => e.code === "invalid_options");
});

test("startDrivemock({ port, host }) listens where asked; args cannot pass --port", async () => {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  const chosen = await startDrivemock({ port, host: "127.0.0.1" });
  try {
    assert.equal(chosen.port, port);
    assert.equal(chosen.url, `http://127.0.0.1:${port}`);
  } finally {
    await chosen.stop();
  }
  await assert.rejects(startDrivemock({ args: ["--port", "9"] }), (e) => {
    assert.equal(e.code, "invalid_options");
    assert.match(e.message, /pass \{ port: … \}/);
    return true;
  });
  await assert.rejects(startDrivemock({ port: 70000 }), (e) => e.code === "invalid_options");
});

test("a session opened with failOnWarnings refuses a push with warnings, positions included", async () => {
  const session = await mock.session("strict pushes", { failOnWarnings: true });
  try {
    const typo = "directories:\n  d1:\n    trash: {body: {status: flase, code: dir_trashed}}\n";
    await assert.rejects(session.push(typo), (e) => {
      assert.ok(e instanceof DrivemockError);
      assert.equal(e.code, "scenario_warnings");
      assert.ok(e.diagnostics.some((d) => d.severity === "warning" && d.line === 3), JSON.stringify(e.diagnostics));
      return true;
    });
    // The documented opt-out, per push.
    const let_through = await session.push(typo, { failOnWarnings: false });
    assert.ok(let_through.warnings.length > 0);
  } finally {
    await session.close();
  }
});

test("openSessions opens one session per name in one call per 100, each its own, strict as asked", async () => {
  const names = Array.from({ length: 120 }, (_, i) => `batch > test ${i}`);
  const sessions = await mock.openSessions(names, { failOnWarnings: true });
  try {
    assert.deepEqual(sessions.map((s) => s.name), names);
    assert.equal(new Set(sessions.map((s) => s.apiKey)).size, 120);
    await sessions[0].push(busyOnce("first_own"));
    const [first, last] = [sessions[0], sessions[119]];
    assert.equal((await post(mock, "/v3/dir/trash", { uuid: "shared" }, first.headers)).body.code, "first_own");
    assert.notEqual((await post(mock, "/v3/dir/trash", { uuid: "shared" }, last.headers)).body.code, "first_own");
    await assert.rejects(last.push("directories:\n  d1:\n    trash: {body: {status: flase}}\n"), { code: "scenario_warnings" });
  } finally {
    for (const s of sessions) await s.close();
  }
  await assert.rejects(mock.openSessions([]), { code: "invalid_options" });
  await assert.rejects(mock.openSessions(["a"], { failOnWarning: true }), /did you mean 'failOnWarnings'|failOnWarnings/);
});

test("a closed session's apiKey is refused session_closed: an SDK call that outlives its test fails with drivemock's reason", async () => {
  const session = await mock.session("closing");
  const filen = new FilenSDK(filenTestConfig({ apiKey: session.apiKey }));
  await filen.api(3).dir().trash({ uuid: "late" });
  await session.close();
  const late = await filen.api(3).dir().trash({ uuid: "late" }).catch((e) => e);
  assert.ok(late instanceof Error, "the late call must fail, not succeed from the baseline");
  // Answered as the service answers a key it does not know (HTTP 200,
  // status: false), the SDK throws drivemock's sentence at once, where it
  // retried a 410 and then said only "Invalid HTTP status code: 410".
  assert.match(late.message, /the apiKey of a closed session\. Session '[0-9a-f]+' \(closing\) was closed/);
  assert.doesNotMatch(late.message, /Invalid HTTP status code/);
  const [refused] = (await mock.find({ session: session.id })).slice(-1);
  assert.equal(refused.response.status, 200);
  assert.equal(refused.response.json.status, false);
  assert.equal(refused.response.json.code, "session_closed");
  assert.equal(refused.violations[0].rule, "session_closed");
  assert.equal((await mock.directory("late")).calls.trash, 0, "the baseline never answered");
});
