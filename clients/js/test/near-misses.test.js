// The runner helpers fail a test whose session called a uuid a typo away
// from one it scripted: the call got the default answer, and the test would
// pass having tested nothing it scripted. Run as a user's test file would be.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const { tempFile } = require("./helpers");

const NODE_TEST = path.resolve(__dirname, "../node-test.js");

/** A test file of one test that pushes folder-abc and trashes `uuid` in its session. */
function testFile(uuid, options) {
  const push = "directories:\n  folder-abc: {trash: {body: {status: success, code: scripted}}}\n";
  return callsFile({ push, calls: [uuid], options });
}

function run(file) {
  // Not as a child of this runner: it would speak to it, not print.
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const r = spawnSync(process.execPath, ["--test", file], { encoding: "utf8", timeout: 60000, env });
  return { status: r.status, output: r.stdout + r.stderr };
}

test("a call that missed a scripted uuid by a typo fails its test, naming both uuids", () => {
  const { status, output } = run(testFile("folder-abd", {}));
  assert.notEqual(status, 0, output);
  assert.match(output, /trash of 'folder-abd': no scenario names it; did you mean 'folder-abc'\?/);
  assert.match(output, /allowNearMisses: true/);
});

test("a uuid no scenario comes close to passes, and allowNearMisses lets a near one through", () => {
  // folder-abc, pushed and never called, would fail them as an unused rule.
  const far = run(testFile("another-folder-altogether", { allowUnusedRules: true }));
  assert.equal(far.status, 0, far.output);
  const allowed = run(testFile("folder-abd", { allowNearMisses: true, allowUnusedRules: true }));
  assert.equal(allowed.status, 0, allowed.output);
});

/** A test file of one test that pushes `push` (if any) and trashes each of `calls` in its session. */
function callsFile({ push, calls, options }) {
  return tempFile(
    "calls.test.js",
    `const { test } = require("node:test");
const { drivemockSessions } = require(${JSON.stringify(NODE_TEST)});
const sessions = drivemockSessions(${JSON.stringify(options ?? {})});
test("calls its folders", async (t) => {
  const session = sessions.of(t);
  ${push ? `await session.push(${JSON.stringify(push)});` : ""}
  for (const uuid of ${JSON.stringify(calls)}) {
    const res = await fetch(sessions.drivemock.url + "/v3/dir/trash", {
      method: "POST",
      headers: { ...session.headers, "Content-Type": "application/json" },
      body: JSON.stringify({ uuid }),
    });
    if (res.status !== 200) throw new Error("HTTP " + res.status);
  }
});
`,
  );
}

// Hand-made fixture uuids, a character or two apart (issue 73: 20 of 53
// correct tests of a Jest suite failed on its first run as "typos").
const FIXTURE = "6f1c7e0a-0000-4000-8000-0000000000";

test("a call near the baseline's scripted uuid, not this test's, is no typo of this test's", () => {
  const baseline = tempFile("baseline.yaml", `directories:\n  ${FIXTURE}01: {trash: {body: {status: success, code: baseline}}}\n`);
  const r = run(callsFile({ calls: [`${FIXTURE}02`], options: { start: { scenarios: baseline } } }));
  assert.equal(r.status, 0, r.output);
});

test("a call near a uuid this test scripted and called too is no typo", () => {
  const push = `directories:\n  ${FIXTURE}c1: {trash: {body: {status: success, code: scripted}}}\n`;
  const r = run(callsFile({ push, calls: [`${FIXTURE}c1`, `${FIXTURE}c2`] }));
  assert.equal(r.status, 0, r.output);
  // The same test that never calls the scripted one has made a typo.
  const typo = run(callsFile({ push, calls: [`${FIXTURE}c2`] }));
  assert.notEqual(typo.status, 0, typo.output);
  assert.match(typo.output, new RegExp(`trash of '${FIXTURE}c2': no scenario names it; did you mean '${FIXTURE}c1'\\?`));
});

test("a rule the test pushed and no call of it used fails the test, naming the rule, its set and line", () => {
  const push = `name: fixtures\ndirectories:\n  ${FIXTURE}a1: {trash: {http: 500}}\n  ${FIXTURE}b1:\n    trash:\n      - when: {state: locked}\n        respond: {http: 423}\n      - respond: {body: {status: success, code: ok}}\n`;
  const r = run(callsFile({ push, calls: [`${FIXTURE}b1`] }));
  assert.notEqual(r.status, 0, r.output);
  assert.match(r.output, /this test scripted answers that no call of it got, so it never tested them/);
  assert.match(r.output, new RegExp(`trash of '${FIXTURE}a1', rule 1 \\(set 'fixtures', line 3\\)`));
  assert.match(r.output, new RegExp(`trash of '${FIXTURE}b1', rule 1 \\(set 'fixtures', line 6\\)`));
  assert.doesNotMatch(r.output, /rule 2/, "the rule its call got is used");
});

test("a push with allowUnused, or the helper's allowUnusedRules, lets unused rules through", () => {
  const push = `directories:\n  ${FIXTURE}a1: {trash: {http: 500}}\n  ${FIXTURE}b1: {trash: {http: 200}}\n`;
  const all = run(callsFile({ push, calls: [`${FIXTURE}b1`], options: { allowUnusedRules: true } }));
  assert.equal(all.status, 0, all.output);
  const file = callsFile({ push, calls: [`${FIXTURE}b1`] });
  fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(/session\.push\(([^;]*)\);/, "session.push($1, { allowUnused: true });"));
  const one = run(file);
  assert.equal(one.status, 0, one.output);
});

test("a test that skips itself after its push is not failed for the rules it did not get to", () => {
  const push = `directories:\n  ${FIXTURE}a1: {trash: {http: 500}}\n`;
  const file = callsFile({ push, calls: [] });
  fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(/session\.push\(([^;]*)\);/, "session.push($1);\n  t.skip('not today');"));
  const r = run(file);
  assert.equal(r.status, 0, r.output);
  assert.match(r.output, /# skipped 1/);
});
