// A call that escaped its test's session is refused by drivemock; a test
// that caught the client's error stays green, so the run fails at its end,
// listing each such call with drivemock's reason and the fix.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { runNodeTests } = require("drivemock/node-test");
const { tempFile } = require("./helpers");

/** A test file whose one test makes a call outside every session and swallows its refusal. */
const ESCAPING = `require("node:test")("catches its refusal", async () => {
  const res = await fetch(process.env.DRIVEMOCK_URL + "/v3/dir/trash", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ uuid: "escaped-folder" }),
  });
  if (res.status !== 403) throw new Error("HTTP " + res.status);
});
`;

/** runNodeTests' exit code and what it printed on standard error. */
async function runQuietly(options) {
  const printed = [];
  const error = console.error;
  const log = console.log;
  console.error = (...args) => printed.push(args.join(" "));
  console.log = () => {};
  // The runner's own child would otherwise take itself for a nested run.
  const context = process.env.NODE_TEST_CONTEXT;
  delete process.env.NODE_TEST_CONTEXT;
  try {
    const code = await runNodeTests({ drivemock: { report: false }, args: [tempFile("escaping.test.js", ESCAPING)], ...options });
    return { code, printed: printed.join("\n") };
  } finally {
    console.error = error;
    console.log = log;
    if (context !== undefined) process.env.NODE_TEST_CONTEXT = context;
  }
}

test("a run whose test swallowed a call refused as outside every session fails, listing the call and the fix", async () => {
  const { code, printed } = await runQuietly({});
  assert.equal(code, 1);
  assert.match(printed, /1 call\(s\) of this run escaped their test's session and were refused/);
  assert.match(printed, /trash of 'escaped-folder': no_session: drivemock runs with --require-session/);
  assert.match(printed, /filenTestConfig\(\{ apiKey: session\.apiKey \}\)/);
});

test("allowRefusedCalls lets a run that means them pass", async () => {
  const { code } = await runQuietly({ allowRefusedCalls: true });
  assert.equal(code, 0);
});

// Vitest's global set-up does the same at the run's end: its teardown
// throws, which fails the run. Run with the example project's Vitest.
const fs = require("node:fs");
const path = require("node:path");
const { spawnSync } = require("node:child_process");
const EXAMPLE = path.resolve(__dirname, "../../../examples/js");
const VITEST = path.join(EXAMPLE, "node_modules/.bin/vitest");

test("a Vitest run whose test swallowed a refused call fails at its end", { skip: !fs.existsSync(VITEST) && "no examples/js/node_modules (make client-deps)" }, () => {
  const dir = fs.mkdtempSync(path.join(EXAMPLE, ".refused-"));
  try {
    fs.writeFileSync(path.join(dir, "setup.mjs"), 'import { drivemockGlobalSetup } from "drivemock/vitest/setup";\nexport default drivemockGlobalSetup({ report: false });\n');
    fs.writeFileSync(
      path.join(dir, "escaping.test.mjs"),
      `import { test, expect } from "vitest";\ntest("catches its refusal", async () => {\n  const res = await fetch(process.env.DRIVEMOCK_URL + "/v3/dir/trash", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ uuid: "escaped-folder" }) });\n  expect(res.status).toBe(403);\n});\n`,
    );
    fs.writeFileSync(
      path.join(dir, "vitest.config.mjs"),
      `export default { test: { include: [${JSON.stringify(path.join(dir, "*.test.mjs"))}], globalSetup: [${JSON.stringify(path.join(dir, "setup.mjs"))}] } };\n`,
    );
    const env = { ...process.env };
    delete env.NODE_TEST_CONTEXT;
    const r = spawnSync(VITEST, ["run", "--config", path.join(dir, "vitest.config.mjs"), "--root", EXAMPLE], { cwd: EXAMPLE, encoding: "utf8", env, timeout: 120_000 });
    const output = r.stdout + r.stderr;
    assert.notEqual(r.status, 0, output);
    assert.match(output, /1 passed/);
    assert.match(output, /escaped their test's session and were refused/);
    assert.match(output, /trash of 'escaped-folder': no_session/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
