// Every shell command of docs/openapi-and-pact.md, run as written against a
// drivemock this test starts (its port for the page's 8080): the exports,
// the linters, Prism's proxy, `drivemock pact`, the Rust verifier through
// the state-change URL, and the Pact Broker recipe. No Pact Broker can run
// here (a Ruby application or a registry's image), so the recipe's broker
// commands run against an address where nothing listens: each must fail
// reaching the broker, never on its arguments, which keeps the page's flags
// those of the pinned client.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { startDrivemock } from "drivemock";
import { binary, here, root } from "./support.mjs";

const page = path.join(root, "docs/openapi-and-pact.md");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "drivemock-docs-commands-"));
const bins = path.join(tmp, "bin");
let mock, env;
// Only the broker recipe's commands get a broker (the Rust verifier reads
// PACT_BROKER_BASE_URL from the environment, with --file too).
// Nothing listens there; no retries of a connection that cannot be made (8 by default, a minute each).
const broker = { PACT_BROKER_BASE_URL: "http://127.0.0.1:9", PACT_BROKER_TOKEN: "t0ken", PACT_BROKER_HTTP_RETRIES: "0" };

/** The page's shell commands, continuations joined, comments dropped: {command, line}. */
function commands() {
  const text = fs.readFileSync(page, "utf8");
  const out = [];
  for (const m of text.matchAll(/^```sh\n([\s\S]*?)^```/gm)) {
    let line = text.slice(0, m.index).split("\n").length + 1;
    let pending = "";
    for (const raw of m[1].split("\n")) {
      const here = line++;
      const text = raw.replace(/\s+#.*$/, "").trimEnd();
      if (!pending && (!text || text.startsWith("#"))) continue;
      pending += text.endsWith("\\") ? `${text.slice(0, -1)} ` : text;
      if (!text.endsWith("\\")) {
        out.push({ command: pending, line: here });
        pending = "";
      }
    }
  }
  return out;
}

before(async () => {
  fs.mkdirSync(bins);
  fs.mkdirSync(path.join(tmp, "pacts"));
  fs.symlinkSync(path.join(root, "scenarios"), path.join(tmp, "scenarios"));
  fs.writeFileSync(path.join(tmp, ".spectral.yaml"), 'extends: ["spectral:oas"]\n');
  fs.symlinkSync(binary, path.join(bins, "drivemock"));
  // `npx PACKAGE@VERSION …` as the pinned packages installed here run it (no download).
  fs.writeFileSync(
    path.join(bins, "npx"),
    `#!/bin/sh\ntool=$1; shift\ncase $tool in\n  @redocly/cli*) tool=redocly;;\n  @stoplight/spectral-cli*) tool=spectral;;\n  @stoplight/prism-cli*) tool=prism;;\nesac\nexec "${path.join(here, "node_modules/.bin")}/$tool" "$@"\n`,
    { mode: 0o755 },
  );
  mock = await startDrivemock({ scenarios: path.join(root, "scenarios"), args: ["--journal-file", path.join(tmp, "run.jsonl")] });
  for (const uuid of ["d1", "d1", "d2"]) {
    await fetch(`${mock.url}/v3/dir/trash`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ uuid }) });
  }
  env = {
    ...process.env,
    PATH: `${bins}:${process.env.PATH}`,
    DRIVEMOCK_ADMIN_TOKEN: mock.adminToken,
    GIT_SHA: "0123abc",
    GIT_BRANCH: "main",
    PACT_DO_NOT_TRACK: "true",
    REDOCLY_TELEMETRY: "off",
    REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
  };
});
after(async () => {
  await mock?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Runs a long-running command (Prism's proxy) until it says it listens. */
function untilListening(command) {
  return new Promise((resolve) => {
    // Its own process group, stopped whole: a launcher may run the server as a child.
    const child = spawn("bash", ["-c", `exec ${command}`], { cwd: tmp, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    const seen = (chunk) => {
      output += chunk;
      if (/is listening on/.test(output)) process.kill(-child.pid);
    };
    child.stdout.on("data", seen);
    child.stderr.on("data", seen);
    child.once("exit", () => resolve({ listened: /is listening on/.test(output), output }));
  });
}

test("every shell command of the contracts page runs as written", async () => {
  const all = commands();
  assert.ok(all.length >= 12, `found ${all.length} commands`);
  for (const { command, line } of all) {
    const run = command.replaceAll("127.0.0.1:8080", `127.0.0.1:${mock.port}`).replaceAll("--port 8080", `--port ${mock.port}`);
    const where = `docs/openapi-and-pact.md:${line}: ${command}`;
    if (/ proxy /.test(run)) {
      const { listened, output } = await untilListening(run.replace("--port 4010", "--port 0"));
      assert.ok(listened, `${where}\n${output}`);
      continue;
    }
    const needsBroker = run.includes("$PACT_BROKER_BASE_URL");
    const result = await promisify(execFile)("bash", ["-c", run], { cwd: tmp, env: needsBroker ? { ...env, ...broker } : env, maxBuffer: 64 << 20 }).then(
      (r) => ({ code: 0, output: `${r.stdout}\n${r.stderr}` }),
      (e) => ({ code: e.code, output: `${e.stdout}\n${e.stderr}` }),
    );
    if (needsBroker) {
      // No broker: it must fail reaching one, not on what the page gives it.
      assert.notEqual(result.code, 0, `${where}\n${result.output}`);
      assert.doesNotMatch(result.output, /unexpected argument|required arguments were not provided|invalid value|Usage:/i, `${where}\n${result.output}`);
      assert.match(result.output, /127\.0\.0\.1:9|connect|refused/i, `${where}\n${result.output}`);
    } else {
      assert.equal(result.code, 0, `${where}\n${result.output}`);
    }
  }
  // What they made: the documents and the pact, with its interactions.
  assert.match(fs.readFileSync(path.join(tmp, "drive-api.yaml"), "utf8"), /^openapi: "?3\.1\.0/);
  assert.equal(JSON.parse(fs.readFileSync(path.join(tmp, "drive-api.json"), "utf8")).openapi, "3.1.0");
  assert.ok(JSON.parse(fs.readFileSync(path.join(tmp, "pacts/archiver-drive.json"), "utf8")).interactions.length >= 2);
});
