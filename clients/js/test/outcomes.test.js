// drivemockSessions sends each test's outcome to drivemock when it ends, so
// that the report says which test failed and why: run as a user's test file
// against a drivemock this test started (DRIVEMOCK_URL), then read back
// from its events.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { spawnSync } = require("node:child_process");
const path = require("node:path");
const { startDrivemock } = require("../index");
const { whereThrown } = require("../lib/outcomes");
const { tempFile } = require("./helpers");

const NODE_TEST = path.resolve(__dirname, "../node-test.js");
// Node gives afterEach a test's result (t.passed, t.error) from 20.12 and 21.7 on.
const [major, minor] = process.versions.node.split(".").map(Number);
const HOOKS_KNOW = major > 21 || (major === 21 && minor >= 7) || (major === 20 && minor >= 12);

const FILE = `const { test } = require("node:test");
const assert = require("node:assert/strict");
const { drivemockSessions } = require(${JSON.stringify(NODE_TEST)});
const sessions = drivemockSessions();
const trash = (t, uuid) => fetch(sessions.drivemock.url + "/v3/dir/trash", {
  method: "POST", headers: { ...sessions.of(t).headers, "Content-Type": "application/json" }, body: JSON.stringify({ uuid }),
});
test("passes", async (t) => { assert.equal((await trash(t, "f1")).status, 200); });
test("fails", async (t) => { await trash(t, "f2"); assert.equal("dir_trashed", "permission_denied"); });
test("skips itself", (t) => { t.skip("not today"); });
test("misses a scripted uuid", async (t) => {
  await sessions.of(t).push("directories:\\n  folder-abc: {trash: {body: {status: success, code: scripted}}}\\n");
  await trash(t, "folder-abd");
});
`;

test("each test's outcome reaches its session: passed, failed with its message and line, skipped, and failed by a near miss", async () => {
  const mock = await startDrivemock();
  try {
    const file = tempFile("outcomes.test.js", FILE);
    const env = { ...process.env, DRIVEMOCK_URL: mock.url, DRIVEMOCK_ADMIN_TOKEN: mock.adminToken ?? "" };
    delete env.NODE_TEST_CONTEXT;
    const run = spawnSync(process.execPath, ["--test", file], { encoding: "utf8", timeout: 60000, env });
    assert.notEqual(run.status, 0, run.stdout + run.stderr);
    const events = await mock.events();
    const outcomes = Object.fromEntries(events.filter((e) => e.kind === "test-outcome").map((e) => [e.session.name.split(" > ").pop(), e.details]));
    assert.equal(outcomes["misses a scripted uuid"].outcome, "failed");
    assert.match(outcomes["misses a scripted uuid"].message, /did you mean 'folder-abc'/);
    if (!HOOKS_KNOW) {
      assert.deepEqual(Object.keys(outcomes), ["misses a scripted uuid"], "Node 18's hooks cannot tell a test's result");
      return;
    }
    assert.equal(outcomes.passes.outcome, "passed");
    assert.equal(outcomes["skips itself"].outcome, "skipped");
    assert.equal(outcomes.fails.outcome, "failed");
    assert.match(outcomes.fails.message, /Expected values to be strictly equal:[\s\S]*'dir_trashed'[\s\S]*'permission_denied'/);
    assert.match(outcomes.fails.location, /outcomes\.test\.js:9:/);
  } finally {
    await mock.stop();
  }
});

test("the line a failure names is the test file's own, not the library's", () => {
  const error = new Error("boom");
  error.stack = "Error: boom\n    at assert (node:assert:1:1)\n    at t (/app/test/a.test.js:12:3)\n    at run (node:internal/test_runner:1:1)";
  assert.equal(whereThrown(error, "/app/test/a.test.js"), "t (/app/test/a.test.js:12:3)");
  assert.equal(whereThrown(error, "/elsewhere.js"), "assert (node:assert:1:1)");
  assert.equal(whereThrown(undefined, "x"), "");
});
