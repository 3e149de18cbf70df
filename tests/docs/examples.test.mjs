// Every JavaScript and YAML example of the README and docs/ is run or
// loaded, so that none can go stale: a YAML block must load as a scenario
// (in the document or the service dialect), a JavaScript block must pass as
// a test file of its own, run from examples/js/ (where `drivemock`,
// `drivemock/filen`, `@filen/sdk` and Vitest resolve; one that imports Pact
// or swagger-parser from tests/contracts/, where those do): with Vitest when
// it imports vitest, else with node --test, as CommonJS when it requires; a
// page of drivemock/jest's examples is one Jest project, run by Jest; a
// block naming a file of examples/ on its first line must be that file. A
// YAML block whose first line names a file (`# drive-api.yaml`) and that
// starts an OpenAPI document is written under that name beside its page's
// scenario blocks, which may name it (`operations: drive-api.yaml`).
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const exampleDir = path.join(root, "examples/js");
const generated = path.join(exampleDir, ".doc-examples");
const contractsDir = path.join(root, "tests/contracts");
const contractsGenerated = path.join(contractsDir, ".doc-examples");
const bin = process.env.DRIVEMOCK_BIN;
assert.ok(bin, "DRIVEMOCK_BIN must name the drivemock executable");
const { startDrivemock } = createRequire(path.join(exampleDir, "package.json"))("drivemock");

/** The fenced blocks of a Markdown file: {lang, body, line}. */
function blocks(file) {
  const text = fs.readFileSync(file, "utf8");
  const out = [];
  const fence = /^```(\w*)\n([\s\S]*?)^```/gm;
  for (let m; (m = fence.exec(text)); ) {
    out.push({ lang: m[1], body: m[2], line: text.slice(0, m.index).split("\n").length });
  }
  return out;
}

const pages = ["README.md", ...fs.readdirSync(path.join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
const all = pages.flatMap((page) => blocks(path.join(root, page)).map((b) => ({ ...b, page })));
const yaml = all.filter((b) => b.lang === "yaml" || b.lang === "yml");
// Examples with drivemock/testcontainers need a Docker engine and the image:
// make test-docker runs them (tests/docker/run), against that image.
const needsDocker = (b) => /from "drivemock\/testcontainers"/.test(b.body);
// A page of the Jest helper is one Jest project: its blocks that name a
// file on their first line (`// jest.config.js`) are written under those
// names beside examples/jest's packages, and Jest runs them.
const jestPages = new Set(all.filter((b) => /from "drivemock\/jest"/.test(b.body)).map((b) => b.page));
const js = all.filter((b) => ["js", "javascript", "mjs", "cjs"].includes(b.lang) && !needsDocker(b) && !jestPages.has(b.page));

for (const dir of [generated, contractsGenerated]) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir);
}

function run(command, args, cwd, extraEnv = {}) {
  // Without the runner's NODE_TEST_CONTEXT: with it, a nested node --test
  // reports to this runner and exits 0 whatever its tests did. An example's
  // temporary files (os.tmpdir()) go to a directory of its own, removed
  // after it: the examples keep theirs, as a test suite's pacts are kept.
  const { NODE_TEST_CONTEXT, ...env } = process.env;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "drivemock-example-"));
  try {
    const result = spawnSync(command, args, {
      cwd,
      encoding: "utf8",
      env: { ...env, ...extraEnv, TMPDIR: tmp, NO_COLOR: "1" },
      timeout: 120000,
    });
    return { ok: result.status === 0, output: `${result.stdout}\n${result.stderr}` };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Vitest run in `dir` by its own config, with `args`, and no drivemock of this environment's. */
function vitestIn(dir, args = []) {
  return run(process.execPath, [path.join(exampleDir, "node_modules/vitest/vitest.mjs"), "run", "--root", dir, ...args], dir, { DRIVEMOCK_URL: "" });
}

test("the README is short, and its JavaScript quick start is at most 20 lines", () => {
  const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
  assert.ok(readme.split("\n").length < 300);
  const quickStart = blocks(path.join(root, "README.md")).find((b) => b.lang === "js");
  assert.ok(quickStart, "the README has a JavaScript quick start");
  assert.ok(quickStart.body.trimEnd().split("\n").length <= 20);
  assert.ok(js.length >= 4 && yaml.length >= 4, "the examples were found");
});

// One directory per page: its scenario blocks may name its OpenAPI documents.
const yamlDirs = new Map();
after(() => yamlDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

for (const block of yaml) {
  const named = /^# ([\w.-]+\.ya?ml)\nopenapi:/.exec(block.body);
  test(`${block.page}:${block.line}: the YAML example loads as ${named ? "an OpenAPI document" : "a scenario"}`, () => {
    if (!yamlDirs.has(block.page)) yamlDirs.set(block.page, fs.mkdtempSync(path.join(os.tmpdir(), "drivemock-doc-")));
    const dir = yamlDirs.get(block.page);
    let file = path.join(dir, "example.yaml");
    if (named) {
      fs.writeFileSync(path.join(dir, named[1]), block.body);
      file = path.join(dir, `uses-${named[1]}`);
      fs.writeFileSync(file, `operations: ${named[1]}\ndirectories: {}\n`);
    } else {
      fs.writeFileSync(file, block.body);
    }
    const document = run(bin, ["validate", file]);
    const service = document.ok ? document : run(bin, ["validate", "--dialect", "service", file]);
    assert.ok(service.ok, `${block.page}:${block.line}: ${document.output}`);
    // An OpenAPI document's operations are all served: nothing left out.
    if (named) assert.doesNotMatch(service.output, /warning/, `${block.page}:${block.line}: ${service.output}`);
  });
}

// A block whose first line names a file of examples/ (`// examples/playwright/playwright.config.ts`)
// is that file, which its example project's test runs: it must be the same.
for (const block of all) {
  const named = /^\/\/ (examples\/[\w./-]+)\n/.exec(block.body);
  if (!named) continue;
  test(`${block.page}:${block.line}: the example is ${named[1]}, as the tests run it`, () => {
    const file = path.join(root, named[1]);
    assert.ok(fs.existsSync(file), `${block.page}:${block.line}: ${named[1]} does not exist`);
    assert.equal(block.body.slice(named[0].length), fs.readFileSync(file, "utf8"), `${block.page}:${block.line} differs from ${named[1]}`);
  });
}

const jestDir = path.join(root, "examples/jest");
for (const page of jestPages) {
  test(`${page}: the Jest project of its examples passes`, () => {
    const dir = path.join(jestDir, ".doc-examples", page.replace(/[/.]/g, "-"));
    fs.rmSync(dir, { recursive: true, force: true });
    const files = all.filter((b) => b.page === page).map((b) => ({ ...b, name: /^\/\/ ([\w./-]+)\n/.exec(b.body)?.[1] }));
    for (const { name, body } of files.filter((f) => f.name)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), body);
    }
    const result = run(process.execPath, [path.join(jestDir, "node_modules/jest/bin/jest.js"), "--ci"], dir, { DRIVEMOCK_URL: "" });
    assert.ok(result.ok, `${page}:\n${result.output}`);
    assert.match(result.output, /Tests:\s+\d+ passed/, result.output);
  });
}

for (const block of js) {
  const name = `${block.page.replace(/[/.]/g, "-")}-${block.line}`;
  test(`${block.page}:${block.line}: the JavaScript example passes`, async () => {
    const vitest = /from "vitest"/.test(block.body);
    const commonjs = /\brequire\(/.test(block.body);
    const contracts = /from "@(pact-foundation|apidevtools)\//.test(block.body);
    const cwd = contracts ? contractsDir : exampleDir;
    const file = path.join(contracts ? contractsGenerated : generated, `${name}${vitest ? ".vitest.mjs" : commonjs ? ".test.cjs" : ".test.mjs"}`);
    fs.writeFileSync(file, block.body);
    // A session per test (drivemock/vitest, drivemock/node-test) attaches to
    // the run's drivemock, which DRIVEMOCK_URL names.
    const sessions = /from "drivemock\/(vitest|node-test)"/.test(block.body);
    const mock = sessions ? await startDrivemock({ bin, preset: "filen" }) : null;
    try {
      const env = mock ? { DRIVEMOCK_URL: mock.url, DRIVEMOCK_ADMIN_TOKEN: mock.adminToken } : {};
      const result = vitest
        ? run(process.execPath, ["node_modules/vitest/vitest.mjs", "run", path.relative(exampleDir, file)], exampleDir, env)
        : run(process.execPath, ["--test", file], cwd, env);
      assert.ok(result.ok, `${block.page}:${block.line}:\n${result.output}`);
    } finally {
      await mock?.stop();
    }
  });
}

test("docs/javascript.md: a drivemock that never listens fails Vitest's beforeAll with drivemock's message, not 'Hook timed out'", () => {
  // The default startTimeoutMs must stay below Vitest's hook time-out (10 s).
  const dir = fs.mkdtempSync(path.join(exampleDir, ".never-listens-"));
  try {
    const fake = path.join(dir, "drivemock");
    fs.writeFileSync(fake, "#!/bin/sh\necho 'drivemock: loading a very big scenario' >&2\nexec sleep 60\n", { mode: 0o755 });
    fs.writeFileSync(path.join(dir, "vitest.config.mjs"), 'export default { test: { include: ["*.vitest.mjs"] } };\n');
    fs.writeFileSync(
      path.join(dir, "start.vitest.mjs"),
      `import { test, beforeAll } from "vitest";
import { startDrivemock } from "drivemock";
beforeAll(async () => { await startDrivemock({ bin: ${JSON.stringify(fake)} }); });
test("never reached", () => {});
`,
    );
    const result = vitestIn(dir);
    assert.ok(!result.ok, result.output);
    assert.match(result.output, /drivemock did not listen within 8000 ms \(startTimeoutMs\); it said:/);
    assert.match(result.output, /loading a very big scenario/);
    assert.doesNotMatch(result.output, /Hook timed out/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("docs/javascript.md: drivemock stops when a Vitest run is killed with SIGKILL, its worker living on", async () => {
  // Vitest's default forks pool: drivemock's parent is the worker, which a
  // SIGKILLed runner leaves running until its test ends.
  const { spawn } = await import("node:child_process");
  const dir = fs.mkdtempSync(path.join(exampleDir, ".killed-runner-"));
  const pids = path.join(dir, "pids");
  let drivemock = 0;
  try {
    fs.writeFileSync(path.join(dir, "vitest.config.mjs"), 'export default { test: { include: ["*.vitest.mjs"], pool: "forks" } };\n');
    fs.writeFileSync(
      path.join(dir, "long.vitest.mjs"),
      `import fs from "node:fs";
import { test, beforeAll } from "vitest";
import { startDrivemock } from "drivemock";
beforeAll(async () => {
  const mock = await startDrivemock();
  fs.writeFileSync(${JSON.stringify(pids)}, mock.process.pid + " " + process.pid);
});
test("a long test", () => new Promise((resolve) => setTimeout(resolve, 60000)), 70000);
`,
    );
    const { NODE_TEST_CONTEXT, ...env } = process.env;
    const runner = spawn(process.execPath, [path.join(exampleDir, "node_modules/vitest/vitest.mjs"), "run", "--root", dir], {
      cwd: dir, env, stdio: "ignore",
    });
    const alive = (pid) => {
      try {
        process.kill(pid, 0);
        return !fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].startsWith("Z");
      } catch {
        return false;
      }
    };
    const until = async (condition, what) => {
      for (let waited = 0; !condition(); waited += 50) {
        assert.ok(waited < 30000, what);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await until(() => fs.existsSync(pids) && fs.readFileSync(pids, "utf8").includes(" "), "the Vitest worker started drivemock");
    const [started, worker] = fs.readFileSync(pids, "utf8").split(" ").map(Number);
    drivemock = started;
    assert.notEqual(worker, runner.pid, "the test runs in a worker process of its own");
    runner.kill("SIGKILL");
    await until(() => !alive(drivemock), `drivemock ${drivemock} outlived the killed Vitest run`);
    try {
      process.kill(worker, "SIGKILL");
    } catch {
      // the worker went with its runner
    }
  } finally {
    if (drivemock) {
      try {
        process.kill(drivemock, "SIGKILL");
      } catch {
        // gone, as it should be
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("docs/parallel-tests.md: a run filtered with -t reports the tests it left out as skipped, more of them than sessions may be open", () => {
  const dir = fs.mkdtempSync(path.join(exampleDir, ".filtered-"));
  try {
    const report = path.join(dir, "report.html");
    fs.writeFileSync(path.join(dir, "setup.mjs"), `import { drivemockGlobalSetup } from "drivemock/vitest/setup";\nexport default drivemockGlobalSetup({ report: ${JSON.stringify(report)}, args: ["--max-sessions", "20"] });\n`);
    fs.writeFileSync(path.join(dir, "vitest.config.mjs"), 'export default { test: { include: ["*.vitest.mjs"], globalSetup: ["./setup.mjs"] } };\n');
    fs.writeFileSync(
      path.join(dir, "many.vitest.mjs"),
      `import { drivemockTest } from "drivemock/vitest";
const test = drivemockTest();
for (let i = 0; i < 300; ++i) test("left out " + i, () => {});
// More than the cap at once in a batch: each opens its own instead.
for (let i = 0; i < 80; ++i) test("wanted " + i, ({ session }) => { if (!session.apiKey) throw new Error("no session"); });
`,
    );
    const results = path.join(dir, "results.json");
    const result = vitestIn(dir, ["-t", "wanted", "--reporter=json", `--outputFile=${results}`]);
    assert.ok(result.ok, result.output);
    const vitest = JSON.parse(fs.readFileSync(results, "utf8"));
    const outcomes = Object.values(outcomesIn(reportData(report)));
    const count = (state) => outcomes.filter((o) => o.outcome === state).length;
    assert.deepEqual([count("passed"), count("skipped")], [vitest.numPassedTests, vitest.numPendingTests]);
    assert.deepEqual([vitest.numPassedTests, vitest.numPendingTests], [80, 300]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("docs/parallel-tests.md: under --no-isolate with a drivemock per file, filen: true routes each test's SDK to its file's drivemock", () => {
  // One worker runs both files and shares drivemock/vitest between them: the
  // SDK routed for the first file's drivemock must follow the second's.
  const dir = fs.mkdtempSync(path.join(exampleDir, ".no-isolate-"));
  try {
    fs.writeFileSync(path.join(dir, "vitest.config.mjs"), 'export default { test: { include: ["*.vitest.mjs"], isolate: false, fileParallelism: false, maxWorkers: 1, minWorkers: 1 } };\n');
    const file = (name) => `import { beforeAll, afterAll, describe, expect } from "vitest";
import { FilenSDK } from "@filen/sdk";
import { startDrivemock } from "drivemock";
import { filenTestConfig } from "drivemock/filen";
import { drivemockTest } from "drivemock/vitest";
let mock;
beforeAll(async () => {
  mock = await startDrivemock({ bin: ${JSON.stringify(bin)}, preset: "filen" });
  process.env.DRIVEMOCK_URL = mock.url;
  process.env.DRIVEMOCK_ADMIN_TOKEN = mock.adminToken;
});
afterAll(() => mock.stop());
const test = drivemockTest({ filen: true });
describe.concurrent("${name}", () => {
  for (let i = 0; i < 4; ++i) {
    test("trash " + i, async ({ session, drivemock }) => {
      expect(drivemock.url).toBe(mock.url);
      const sdk = new FilenSDK(filenTestConfig({ apiKey: session.apiKey }));
      await sdk.cloud().trashDirectory({ uuid: "${name}-" + i });
      expect((await session.directory("${name}-" + i)).state).toBe("trashed");
      expect(await session.count({ operation: "trash" })).toBe(1);
    });
  }
});
`;
    fs.writeFileSync(path.join(dir, "a.vitest.mjs"), file("a"));
    fs.writeFileSync(path.join(dir, "b.vitest.mjs"), file("b"));
    const result = vitestIn(dir);
    const output = result.output;
    assert.ok(result.ok, output);
    assert.match(output, /Tests\s+8 passed \(8\)/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("docs/parallel-tests.md: drivemockTest without a global set-up or DRIVEMOCK_URL says how to get a drivemock", () => {
  const dir = fs.mkdtempSync(path.join(exampleDir, ".no-setup-"));
  try {
    fs.writeFileSync(path.join(dir, "vitest.config.mjs"), 'export default { test: { include: ["*.vitest.mjs"] } };\n');
    fs.writeFileSync(
      path.join(dir, "session.vitest.mjs"),
      `import { drivemockTest } from "drivemock/vitest";
const test = drivemockTest();
test("has a session", ({ session }) => { if (!session) throw new Error("none"); });
`,
    );
    const result = vitestIn(dir);
    const output = result.output;
    assert.ok(!result.ok, output);
    assert.match(output, /no drivemock for this run; add a global set-up with drivemockGlobalSetup/);
    assert.match(output, /DRIVEMOCK_URL/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** The run's data a report page holds. */
function reportData(file) {
  const html = fs.readFileSync(file, "utf8");
  const from = html.indexOf('id="report-data">') + 'id="report-data">'.length;
  return JSON.parse(html.slice(from, html.indexOf("</script>", from)));
}

/** The test-outcome events of a report's data: {session name: details}. */
function outcomesIn(data) {
  const found = {};
  for (const e of data.events) if (e[4] === "test-outcome") found[data.sessions[e[1]][1]] = e[6];
  return found;
}

test("docs/parallel-tests.md: the report counts tests as Vitest does (skipped and todo ones too), and says why one failed", () => {
  const dir = fs.mkdtempSync(path.join(exampleDir, ".outcomes-"));
  try {
    const report = path.join(dir, "report.html");
    fs.writeFileSync(path.join(dir, "setup.mjs"), `import { drivemockGlobalSetup } from "drivemock/vitest/setup";\nexport default drivemockGlobalSetup({ report: ${JSON.stringify(report)} });\n`);
    fs.writeFileSync(path.join(dir, "vitest.config.mjs"), 'export default { test: { include: ["*.vitest.mjs"], globalSetup: ["./setup.mjs"] } };\n');
    fs.writeFileSync(
      path.join(dir, "outcomes.vitest.mjs"),
      `import { expect, describe } from "vitest";
import { drivemockTest } from "drivemock/vitest";
const test = drivemockTest();
const trash = (session, uuid) => fetch(session.url + "/v3/dir/trash", { method: "POST", headers: { ...session.headers, "Content-Type": "application/json" }, body: JSON.stringify({ uuid }) });
test("passes", async ({ session }) => { expect((await trash(session, "f1")).status).toBe(200); });
test("fails", async ({ session }) => { await trash(session, "f2"); expect("dir_trashed").toBe("permission_denied"); });
test("skips itself", ({ skip }) => { skip(); });
test.skip("skipped where written", () => {});
test.todo("still to write");
// More than one batch of sessions opened ahead (32), run at once: each test
// has its own session, named for it, and sees only its own call.
describe.concurrent("many", () => {
  for (let i = 0; i < 36; ++i) {
    test("call " + i, async ({ session }) => {
      expect(session.name).toBe("outcomes.vitest.mjs > many > call " + i);
      await trash(session, "g" + i);
      expect((await session.requests()).map((r) => r.request.json.uuid)).toEqual(["g" + i]);
    });
  }
});
`,
    );
    const results = path.join(dir, "results.json");
    const result = vitestIn(dir, ["--reporter=json", `--outputFile=${results}`]);
    assert.ok(!result.ok, result.output);
    const vitest = JSON.parse(fs.readFileSync(results, "utf8"));
    const outcomes = outcomesIn(reportData(report));
    const count = (state) => Object.values(outcomes).filter((o) => o.outcome === state).length;
    const runner = [vitest.numPassedTests, vitest.numFailedTests, vitest.numPendingTests + vitest.numTodoTests];
    assert.deepEqual([count("passed"), count("failed"), count("skipped")], runner);
    assert.deepEqual(runner, [37, 1, 3]);
    assert.equal(outcomes["outcomes.vitest.mjs > still to write"].message, "todo");
    const failed = outcomes["outcomes.vitest.mjs > fails"];
    assert.match(failed.message, /expected 'dir_trashed' to be 'permission_denied'/);
    assert.match(failed.location, /outcomes\.vitest\.mjs:6:/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
