// drivemock/playwright (issue 73): examples/playwright's web app runs the
// official SDK in Debian's Chromium under Playwright Test, one drivemock
// for the run. Its suite must pass, each test in its own session with its
// outcome in the report; its verdicts (verdicts/) must fail each
// test-writing bug with drivemock's reason and pass the right test.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const project = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../examples/playwright");
const bin = process.env.DRIVEMOCK_BIN;
assert.ok(bin, "DRIVEMOCK_BIN must name the drivemock executable");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "drivemock-playwright-"));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

function run(args, extraEnv = {}) {
  const { NODE_TEST_CONTEXT, ...env } = process.env;
  const r = spawnSync(process.execPath, args, {
    cwd: project,
    encoding: "utf8",
    env: { ...env, DRIVEMOCK_BIN: bin, DRIVEMOCK_URL: "", NO_COLOR: "1", ...extraEnv },
    timeout: 300000,
  });
  return { code: r.status, output: `${r.stdout}\n${r.stderr}` };
}

/** Runs Playwright with `config`; {code, output, specs: title → {ok, status, message}, report: the HTML report's text}. */
function playwright(config) {
  const json = path.join(tmp, `${config}.json`);
  const report = path.join(tmp, `${config}.html`);
  const { code, output } = run(["node_modules/@playwright/test/cli.js", "test", "--config", config], {
    PLAYWRIGHT_JSON: json,
    DRIVEMOCK_REPORT: report,
  });
  const specs = new Map();
  const walk = (suite) => {
    for (const s of suite.suites ?? []) walk(s);
    for (const spec of suite.specs ?? []) {
      const result = spec.tests[0].results.at(-1);
      specs.set(spec.title, { ok: spec.ok, status: result?.status, message: result?.error?.message ?? "" });
    }
  };
  if (fs.existsSync(json)) for (const s of JSON.parse(fs.readFileSync(json, "utf8")).suites) walk(s);
  return { code, output, specs, report: fs.existsSync(report) ? fs.readFileSync(report, "utf8") : "" };
}

before(() => {
  const built = run(["node_modules/vite/bin/vite.js", "build"]);
  assert.equal(built.code, 0, built.output);
});

test("the web app's suite passes in Chromium, each test in its own session, its outcome in the report", () => {
  const { code, output, specs, report } = playwright("playwright.config.ts");
  assert.equal(code, 0, output);
  assert.deepEqual(
    [...specs].map(([title, s]) => [title, s.status]),
    [
      ["archiving a folder colors it gray, then trashes it", "passed"],
      ["a folder that is gone shows the service's error", "passed"],
    ],
  );
  for (const title of specs.keys()) assert.ok(report.includes(`"tests/archive.spec.ts > ${title}"`), `the report names the session 'tests/archive.spec.ts > ${title}'`);
  assert.equal(report.match(/"outcome":"passed"/g)?.length, 2, "two passed outcomes in the report");
});

test("each test-writing bug fails its test with drivemock's reason; the right test passes", () => {
  const { code, output, specs, report } = playwright("playwright.verdicts.config.ts");
  assert.notEqual(code, 0, output);
  const expected = [
    ["a failure scripted, the page never calling it", /scripted answers that no call of it got[\s\S]*trash of 'another-folder'/],
    ["a uuid typo", /'folder-abd': no scenario names it; did you mean 'folder-abc'\?/],
    ["a page of a context the test made itself is routed too", "passed"],
  ];
  for (const [title, want] of expected) {
    const got = specs.get(title);
    assert.ok(got, `'${title}' ran:\n${output}`);
    if (want === "passed") assert.equal(got.status, "passed", `${title}: ${got.message}`);
    else {
      assert.equal(got.status, "failed", title);
      assert.match(got.message, want);
    }
  }
  assert.equal(report.match(/"outcome":"failed"/g)?.length, 2, "two failed outcomes in the report");
});

test("drivemock/playwright's declarations check against Playwright's own types, typos refused", () => {
  const tsc = path.join(project, "../../clients/js/node_modules/typescript/bin/tsc");
  const { code, output } = run([tsc, "-p", "typecheck"]);
  assert.equal(code, 0, output);
});
