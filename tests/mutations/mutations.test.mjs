// Issue 73's mutation table: the same suite of test-writing bugs under
// Vitest, node:test and Jest, each runner with drivemock's helper for it
// (expect-suite.js under Vitest's and Jest's imports, node.test.mjs). A bug must turn its
// test red with drivemock's reason in the runner's own output (its JSON
// report, or node:test's TAP); a right test must stay green; the run must
// fail and list the calls that escaped their tests. The suites are copied
// beside the example projects' packages (examples/js: Vitest, node:test;
// examples/jest: Jest) and run there, each on a drivemock of its own.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const bin = process.env.DRIVEMOCK_BIN;
assert.ok(bin, "DRIVEMOCK_BIN must name the drivemock executable");

/** Each test of the suites: "passed", or the reason its failure must give. */
const TABLE = [
  ["a test scripting and calling its own folder", "passed"],
  ["hand-made uuids a character apart, unscripted", "passed"],
  ["the SDK made without the session's key", /belongs to no session[\s\S]*filenTestConfig\(\{ apiKey: session\.apiKey \}\)/],
  ["the same, the test checking only rejects.toThrow()", /SDK call\(s\) of this test were refused as no open session's/],
  ["a session reused after its test", /carries the apiKey of a closed session/],
  ["a plain test with no session", /belongs to no session/],
  ["filenTestConfig({ apikey }), a typo", /unknown option 'apikey'; did you mean 'apiKey'\?/],
  ["a failure scripted, the code under test never calling it", /scripted answers that no call of it got[\s\S]*trash of 'folder-2'/],
  ["a uuid typo", /'folder-abd'[\s\S]*did you mean 'folder-abc'\?/],
  ["a push key typo", /pushed:1:\d+: error: unknown key 'respnd'/],
  ["an expected call that never came", /waited \d+ ms for 1 request\(s\) matching/],
  // The SDK's own time-out (the helpers' budget: under Vitest's and Jest's
  // 5 s), not the runner's.
  ["an 8 s delay", /Request timed out after \d+ms/],
  ["an unknown scenario key", /pushed:1:\d+: error: unknown key 'directoris'/],
];

/** The run's failure for the calls no test owned, or owned but also listed. */
const RUN_FAILURE = /call\(s\) of this run escaped their test's session and were refused/;

/** The runners' imports, and expect-suite.js after them. */
const expectSuite = (imports) => imports.join("\n") + "\n\n" + fs.readFileSync(path.join(here, "expect-suite.js"), "utf8");

const runners = {
  vitest: {
    project: "examples/js",
    files: {
      "vitest.test.mjs": expectSuite([
        'import { expect, test as plainTest } from "vitest";',
        'import { FilenSDK } from "@filen/sdk";',
        'import { filenTestConfig } from "drivemock/filen";',
        'import { drivemockTest } from "drivemock/vitest";',
        "const test = drivemockTest({ filen: true });",
      ]),
      "setup.mjs": 'import { drivemockGlobalSetup } from "drivemock/vitest/setup";\nexport default drivemockGlobalSetup({ preset: "filen", report: false });\n',
      "vitest.config.mjs": 'export default { test: { include: ["vitest.test.mjs"], globalSetup: ["./setup.mjs"] } };\n',
    },
    args: (dir) => [path.join(dir, "../node_modules/vitest/vitest.mjs"), "run", "--root", dir, "--reporter=json", "--outputFile=results.json"],
    results: jsonResults,
  },
  "node:test": {
    project: "examples/js",
    files: {
      "node.test.mjs": null,
      "run.mjs":
        'import { runNodeTests } from "drivemock/node-test";\n' +
        'process.exitCode = await runNodeTests({ drivemock: { preset: "filen", report: false }, args: ["--test-reporter=tap", "node.test.mjs"] });\n',
    },
    args: () => ["run.mjs"],
    results: tapResults,
  },
  jest: {
    project: "examples/jest",
    files: {
      "jest.test.js": expectSuite([
        'const { expect, test: plainTest } = require("@jest/globals");',
        'const { FilenSDK } = require("@filen/sdk");',
        'const { filenTestConfig } = require("drivemock/filen");',
        'const { drivemockTest } = require("drivemock/jest");',
        "const test = drivemockTest.with({ filen: true });",
      ]),
      "setup.js": 'module.exports = require("drivemock/jest/setup").drivemockGlobalSetup({ preset: "filen", report: false });\n',
      "jest.config.js": 'module.exports = { testMatch: ["**/jest.test.js"], globalSetup: "./setup.js", globalTeardown: "drivemock/jest/teardown" };\n',
    },
    args: (dir) => [path.join(dir, "../node_modules/jest/bin/jest.js"), "--ci", "--json", "--outputFile=results.json"],
    results: jsonResults,
  },
};

/** title → {status, text} from a JSON report (Jest's, and Vitest's, which has Jest's shape). */
function jsonResults(dir) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, "results.json"), "utf8"));
  const tests = report.testResults.flatMap((f) => f.assertionResults);
  return new Map(tests.map((t) => [t.title, { status: t.status, text: t.failureMessages.join("\n") }]));
}

/** title → {status, text} from node:test's TAP: each top-level test's block, its diagnostics included. */
function tapResults(dir, output) {
  const results = new Map();
  const heads = [...output.matchAll(/^(not )?ok \d+ - (.*)$/gm)];
  heads.forEach((m, i) => {
    const end = i + 1 < heads.length ? heads[i + 1].index : output.length;
    // A test's diagnostics follow its block, before the next test's "# Subtest".
    const text = output.slice(m.index, end).replace(/\\n/g, "\n");
    results.set(m[2], { status: m[1] ? "failed" : "passed", text });
  });
  return results;
}

/** Runs one runner's suite in a fresh folder beside its project's packages; {code, output, results}. */
function runSuite(name) {
  const runner = runners[name];
  const dir = fs.mkdtempSync(path.join(root, runner.project, ".mutations-"));
  try {
    for (const [file, text] of Object.entries(runner.files)) {
      fs.writeFileSync(path.join(dir, file), text ?? fs.readFileSync(path.join(here, file), "utf8"));
    }
    // Without this runner's NODE_TEST_CONTEXT (a nested node --test would
    // report to it) or a drivemock of this environment's.
    const { NODE_TEST_CONTEXT, ...env } = process.env;
    const r = spawnSync(process.execPath, runner.args(dir), {
      cwd: dir,
      encoding: "utf8",
      env: { ...env, DRIVEMOCK_BIN: bin, DRIVEMOCK_URL: "", NO_COLOR: "1", FORCE_COLOR: "0" },
      timeout: 240000,
    });
    const output = `${r.stdout}\n${r.stderr}`;
    return { code: r.status, output, results: runner.results(dir, output) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("the mutation table: each test-writing bug red with drivemock's reason, right tests green", { concurrency: true }, () => {
  for (const name of Object.keys(runners)) {
    test(name, (t) => {
      const { code, output, results } = runSuite(name);
      const wrong = [];
      const rows = [];
      for (const [title, expected] of TABLE) {
        const got = results.get(title);
        if (!got) {
          wrong.push(`'${title}': not in the runner's report`);
          continue;
        }
        const reason = expected === "passed" ? "" : (got.text.match(expected)?.[0] ?? "");
        rows.push(`| ${title} | ${got.status === "passed" ? "green" : "red"} | ${reason.split("\n")[0].slice(0, 90)} |`);
        if (expected === "passed" && got.status !== "passed") wrong.push(`'${title}': ${got.status}, should pass:\n${got.text}`);
        if (expected !== "passed" && got.status !== "failed") wrong.push(`'${title}': ${got.status}, should fail`);
        if (expected !== "passed" && got.status === "failed" && !reason) wrong.push(`'${title}': failed without ${expected}:\n${got.text}`);
      }
      t.diagnostic(`${name}:\n| test | verdict | reason |\n|---|---|---|\n${rows.join("\n")}`);
      assert.deepEqual(wrong, [], output);
      assert.notEqual(code, 0, `the ${name} run exited 0`);
      assert.match(output, RUN_FAILURE);
    });
  }
});
