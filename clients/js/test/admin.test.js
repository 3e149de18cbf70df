// Every admin method of a started drivemock, and every refusal as a
// DrivemockError (CommonJS).
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { startDrivemock, DrivemockError } = require("drivemock");
const { tempFile, tempDir, standInUpstream, post, withDrivemock } = require("./helpers");

const BASELINE = `
name: baseline
directories:
  d1: {trash: {http: 500}}
  d2: {}
`;

let mock;
test.before(async () => {
  mock = await startDrivemock({ scenarios: tempFile("baseline.yaml", BASELINE), args: ["--record-to", path.join(tempDir(), "recording.yaml")] });
});
test.after(() => mock.stop());
test.beforeEach(() => mock.reset());

test("push takes YAML text or an object, named by the option, and resolves with its warnings", async () => {
  const pushed = await mock.push("directories: {d3: {trash: {http: 202}}}", { name: "text-set" });
  assert.equal(pushed.name, "text-set");
  assert.deepEqual(pushed.warnings, []);
  assert.equal((await post(mock, "/v3/dir/trash", { uuid: "d3" })).status, 202);
  const object = await mock.push({ directories: { d4: { trash: { http: 201 } } } }, { name: "object-set" });
  assert.equal(object.name, "object-set");
  assert.equal((await post(mock, "/v3/dir/trash", { uuid: "d4" })).status, 201);
  await assert.rejects(mock.push("name: a\ndirectories: {}", { name: "b" }), (e) => {
    assert.equal(e.status, 400);
    assert.match(e.message, /names itself 'a' and the push 'b'/);
    return true;
  });
});

test("a refused push rejects with drivemock's status, code, message and positioned diagnostics", async () => {
  await assert.rejects(mock.push("directories:\n  d5:\n    trash: {fault: nope}\n"), (e) => {
    assert.ok(e instanceof DrivemockError);
    assert.equal(e.status, 400);
    assert.equal(e.code, "invalid_scenario");
    assert.match(e.message, /pushed:3:\d+: error: unknown fault 'nope'/);
    assert.deepEqual(
      e.diagnostics.map((d) => [d.severity, d.file, d.line]),
      [["error", "pushed", 3]],
    );
    return true;
  });
});

test("a push overrides the baseline while it is in force: warnings name both sets, delete brings it back", async () => {
  assert.equal((await post(mock, "/v3/dir/trash", { uuid: "d1" })).status, 500);
  const pushed = await mock.push("directories: {d1: {trash: {http: 200}}}", { name: "fixed" });
  assert.equal(pushed.warnings.length, 1);
  assert.match(pushed.warnings[0], /directory 'd1' operation trash: pushed set 'fixed' shadows set 'baseline'/);
  assert.equal((await post(mock, "/v3/dir/trash", { uuid: "d1" })).status, 200);
  await mock.deleteSet("fixed");
  assert.equal((await post(mock, "/v3/dir/trash", { uuid: "d1" })).status, 500);
  await assert.rejects(mock.deleteSet("fixed"), { status: 404, code: "not_found" });
});

test("failOnWarnings refuses a set with warnings before it loads", async () => {
  await assert.rejects(mock.push("directories: {d1: {trash: {http: 200}}}", { name: "w", failOnWarnings: true }), (e) => {
    assert.equal(e.code, "scenario_warnings");
    assert.equal(e.diagnostics[0].severity, "warning");
    return true;
  });
  assert.equal((await post(mock, "/v3/dir/trash", { uuid: "d1" })).status, 500, "nothing loaded");
  const clean = await mock.push("directories: {d9: {}}", { name: "clean", failOnWarnings: true });
  assert.equal(clean.name, "clean");
});

test("pushFile names the set after its file", async () => {
  const file = tempFile("from-file.yaml", "directories: {d6: {trash: {http: 204}}}\n");
  assert.equal((await mock.pushFile(file)).name, "from-file");
  assert.equal((await post(mock, "/v3/dir/trash", { uuid: "d6" })).status, 204);
});

test("reset empties the journal, drops pushes, and reseeds", async () => {
  await mock.push("directories: {d7: {trash: {http: 202}}}", { name: "p" });
  await post(mock, "/v3/dir/trash", { uuid: "d7" });
  await mock.reset({ seed: 7 });
  assert.deepEqual(await mock.requests(), []);
  assert.equal((await mock.health()).seed, 7);
  assert.equal((await post(mock, "/v3/dir/trash", { uuid: "d7" })).status, 200);
  await assert.rejects(mock.reset({ seed: -1 }), { status: 400, code: "invalid_params" });
});

test("journal entries come oldest first, with the bodies parsed beside the raw strings", async () => {
  await post(mock, "/v3/dir/color", { uuid: "d2", color: "red" });
  await post(mock, "/v3/dir/trash", { uuid: "d2" });
  const entries = await mock.requests();
  assert.deepEqual(entries.map((e) => e.operation), ["color", "trash"]);
  assert.deepEqual(entries[0].request.json, { uuid: "d2", color: "red" });
  assert.equal(entries[0].request.body, '{"uuid":"d2","color":"red"}');
  assert.match(entries[0].loggedDate, /^\d{4}-\d\d-\d\dT/);
  assert.equal(entries[0].response.json.code, "dir_color_changed");
  assert.deepEqual((await mock.requests({ operation: "trash" })).map((e) => e.uuid), ["d2"]);
  const find = await mock.find({ operation: "color", body: { color: "red" } });
  assert.deepEqual(find.map((e) => e.request.json.color), ["red"]);
  assert.equal(await mock.count({ uuid: "d2" }), 2);
  // Refused before it is sent (the server says 400 to other clients).
  await assert.rejects(mock.count({ nope: 1 }), { code: "invalid_options" });
});

test("a body that is not JSON gives json: null", async () => {
  await mock.push("directories: {d8: {trash: {raw: not json}}}", { name: "raw" });
  await post(mock, "/v3/dir/trash", { uuid: "d8" });
  const [entry] = await mock.requests();
  assert.equal(entry.response.body, "not json");
  assert.equal(entry.response.json, null);
});

test("waitFor resolves with the entries once they came, and rejects with timeout when they do not", async () => {
  const waiting = mock.waitFor({ uuid: "late" }, { count: 2, timeoutMs: 10000 });
  await post(mock, "/v3/dir/trash", { uuid: "late" });
  await post(mock, "/v3/dir/trash", { uuid: "late" });
  assert.equal((await waiting).length, 2);
  await assert.rejects(mock.waitFor({ uuid: "never" }, { timeoutMs: 50 }), (e) => {
    assert.equal(e.code, "timeout");
    assert.equal(e.status, 408);
    return true;
  });
});

test("verifyOrder resolves with the ids in order, and rejects with order_not_met and where it failed", async () => {
  await post(mock, "/v3/dir/color", { uuid: "d2", color: "red" });
  await post(mock, "/v3/dir/trash", { uuid: "d2" });
  const ok = await mock.verifyOrder([{ operation: "color" }, { operation: "trash" }]);
  assert.equal(ok.matched.length, 2);
  await assert.rejects(mock.verifyOrder([{ operation: "trash" }, { operation: "color" }]), (e) => {
    assert.equal(e.code, "order_not_met");
    assert.equal(e.status, 409);
    assert.equal(e.body.failedFilter, 1);
    return true;
  });
});

test("unmatched and violations list their entries", async () => {
  await post(mock, "/v3/dir/trash", { uuid: "nobody" });
  await post(mock, "/v3/dir/trash", { uuid: "d2", extra: true });
  assert.deepEqual((await mock.unmatched()).map((e) => e.uuid), ["nobody"]);
  const violations = await mock.violations();
  assert.equal(violations.length, 1);
  assert.equal(violations[0].violations[0].rule, "field_unknown");
});

test("directory and setState read and set a directory's state", async () => {
  await mock.setState("d2", "trashed");
  const d2 = await mock.directory("d2");
  assert.equal(d2.state, "trashed");
  await post(mock, "/v3/dir/color", { uuid: "d2", color: "blue" });
  assert.equal((await mock.directory("d2")).color, "blue");
});

test("startRecording and stopRecording record a stand-in upstream", async () => {
  const upstream = await standInUpstream({ status: true, message: "ok", code: "ok" });
  try {
    await mock.startRecording(upstream.url, { keepDelays: false });
    await assert.rejects(mock.startRecording(upstream.url), { status: 409, code: "already_recording" });
    await post(mock, "/v3/dir/trash", { uuid: "rec" });
    const stopped = await mock.stopRecording();
    assert.equal(stopped.captured, 1);
    assert.ok(fs.existsSync(stopped.file));
    assert.match(stopped.scenario, /"rec":\n    trash: {body: {status: true, message: ok, code: ok}}/);
    assert.equal(upstream.calls.length, 1);
  } finally {
    await upstream.close();
  }
});

test("with an admin token every call sends it, and a call without it is refused", async () => {
  await withDrivemock({ adminToken: "s3cret-token" }, async (guarded) => {
    assert.equal((await guarded.health()).status, "healthy");
    const anonymous = await fetch(`${guarded.url}/__admin/requests`);
    assert.equal(anonymous.status, 401);
    assert.ok(!guarded.process.spawnargs.join(" ").includes("s3cret-token"), "the token is not on the command line");
  });
});

test("started without a token given, drivemock gets a random one: other local users are refused", async () => {
  await withDrivemock({}, async (started) => {
    assert.match(started.adminToken, /^[A-Za-z0-9_-]{32}$/);
    assert.equal((await started.health()).status, "healthy");  // the package sends it
    const stranger = await fetch(`${started.url}/__admin/requests`);
    assert.equal(stranger.status, 401);
    assert.ok(!started.process.spawnargs.join(" ").includes(started.adminToken), "the token is not on the command line");
    assert.equal(started.dashboardUrl, `${started.url}/__admin/ui/#token=${started.adminToken}`);
  });
  await withDrivemock({ adminToken: false }, async (open) => {
    assert.equal(open.adminToken, null);
    assert.equal((await fetch(`${open.url}/__admin/requests`)).status, 200);
    assert.equal(open.dashboardUrl, `${open.url}/__admin/ui/`);
  });
});

test("GET /__admin/scenarios lists what each set shadows", async () => {
  await mock.push("defaults: {trash: {http: 202}}", { name: "first" });
  await mock.push("directories: {d1: {trash: {http: 200}}}", { name: "second" });
  const listed = await (await fetch(`${mock.url}/__admin/scenarios`, { headers: { Authorization: `Bearer ${mock.adminToken}` } })).json();
  const second = listed.scenarios.find((s) => s.name === "second");
  assert.deepEqual(second.shadows, [{ uuid: "d1", operation: "trash", set: "baseline", source: path.join(path.dirname(listed.paths[0]), "baseline.yaml") }]);
  const baseline = listed.scenarios.find((s) => s.name === "baseline");
  assert.deepEqual(baseline.shadowedBy.map((s) => s.set), ["second"]);
});
