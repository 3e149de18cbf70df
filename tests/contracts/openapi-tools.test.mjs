// drivemock's OpenAPI document as a contract-testing team's tools read it:
// Redocly's `recommended` and Spectral's `spectral:oas` rulesets find no
// error, and Prism's validating proxy (--errors) in front of drivemock,
// serving the project's example scenarios, finds no violation in the
// official SDK's flows nor in drivemock's own answers (a scenario's raw
// 503, a refusal, a body too large).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { FilenSDK } from "@filen/sdk";
import { startDrivemock } from "drivemock";
import { connectFilenSdk, filenTestConfig } from "drivemock/filen";
import { drivemock, here, root } from "./support.mjs";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "drivemock-openapi-tools-"));
const bin = (name) => path.join(here, "node_modules/.bin", name);
// No usage reports or update checks from a test run.
const quiet = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
const documents = {};

before(async () => {
  for (const [dialect, scenarios] of [["document", "scenarios"], ["service", "scenarios/service"]]) {
    const args = ["contract", "--openapi", "--dialect", dialect, "--scenarios", path.join(root, scenarios)];
    documents[dialect] = path.join(tmp, `${dialect}.yaml`);
    fs.writeFileSync(documents[dialect], (await drivemock(args)).stdout);
  }
});
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

const run = (command, args) =>
  promisify(execFile)(command, args, { env: quiet, maxBuffer: 64 << 20 }).then(
    (r) => ({ code: 0, output: `${r.stdout}\n${r.stderr}` }),
    (e) => ({ code: e.code, output: `${e.stdout}\n${e.stderr}` }),
  );

test("Redocly's recommended ruleset finds no error in either dialect's document", async () => {
  for (const file of Object.values(documents)) {
    const { code, output } = await run(bin("redocly"), ["lint", "--extends", "recommended", "--format", "stylish", file]);
    assert.equal(code, 0, output);
    // security-defined among them: the service dialect's bearer, the document dialect's `security: []`.
    assert.doesNotMatch(output, /error/i, output);
  }
});

test("Spectral's spectral:oas ruleset finds no error in either dialect's document", async () => {
  const ruleset = path.join(tmp, ".spectral.yaml");
  fs.writeFileSync(ruleset, 'extends: ["spectral:oas"]\n');
  for (const file of Object.values(documents)) {
    const { code, output } = await run(bin("spectral"), ["lint", file, "--ruleset", ruleset, "--fail-severity", "error"]);
    assert.equal(code, 0, output);
  }
});

test("the document holds no path of this machine and example names Prism takes unquoted", () => {
  for (const file of Object.values(documents)) {
    const text = fs.readFileSync(file, "utf8");
    assert.ok(!text.includes(root), `${file} names ${root}`);
    for (const [, name] of text.matchAll(/^ {16}(\S[^:]*):\n {18}value:/gm)) assert.match(name, /^[A-Za-z0-9._-]+$/);
  }
});

/** Prism's validating proxy in front of `upstream`, answering its violations as errors; resolves when it listens. */
async function prismProxy(document, upstream) {
  const prism = spawn(bin("prism"), ["proxy", document, upstream, "--errors", "--host", "127.0.0.1", "--port", "0"], {
    env: quiet,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group, stopped whole
  });
  let output = "";
  const url = await new Promise((resolve, reject) => {
    const seen = (chunk) => {
      output += chunk;
      const listening = output.match(/Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (listening) resolve(listening[1]);
    };
    prism.stdout.on("data", seen);
    prism.stderr.on("data", seen);
    prism.once("exit", (code) => reject(new Error(`prism exited (${code}) before listening:\n${output}`)));
  });
  return { url, output: () => output, stop: () => process.kill(-prism.pid) };
}

test("Prism's validating proxy finds no violation in the SDK's flows and drivemock's own answers", async () => {
  const mock = await startDrivemock({ dialect: "service", scenarios: path.join(root, "scenarios/service") });
  const prism = await prismProxy(documents.service, mock.url);
  const connection = connectFilenSdk({ port: Number(new URL(prism.url).port) });
  try {
    const sdk = new FilenSDK(filenTestConfig());
    // The official client's flows as official-client.yaml scripts them.
    await assert.rejects(sdk.cloud().trashDirectory({ uuid: "7a2d0c1e-0000-4000-8000-000000000001" }), { code: "folder_not_found" });
    await sdk.cloud().changeDirectoryColor({ uuid: "7a2d0c1e-0000-4000-8000-000000000002", color: "red" }); // a raw 503 first
    await sdk.cloud().trashDirectory({ uuid: "7a2d0c1e-0000-4000-8000-000000000003" });
    await sdk.cloud().changeDirectoryColor({ uuid: "7a2d0c1e-0000-4000-8000-0000000000aa", color: "blue" });
    // drivemock's refusals, sent past the SDK: each declared, so Prism passes them on.
    const headers = { "Content-Type": "application/json", Authorization: "Bearer key" };
    const post = (body) => fetch(`${prism.url}/v3/dir/trash`, { method: "POST", headers, body });
    const huge = await post(JSON.stringify({ uuid: "x".repeat(2 << 20) }));
    assert.equal(huge.status, 413, await huge.text());
    assert.equal(mock.port > 0, true);
    const sdkCalls = await mock.count({ operation: "color" });
    assert.ok(sdkCalls >= 3, `drivemock saw ${sdkCalls} color calls`);
  } finally {
    await connection.disconnect();
    prism.stop();
    await mock.stop();
  }
  assert.doesNotMatch(prism.output(), /violation|\[ERROR\]|✖/i, prism.output());
});
