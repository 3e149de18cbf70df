// The arm64 binary (make test-arm64, run here under qemu-user-static through
// the wrapper in DRIVEMOCK_ARM64) against the x86-64 one (DRIVEMOCK_X64):
// the same version, and the example scenarios served the same, call for call.
// Usage: DRIVEMOCK_ARM64=… DRIVEMOCK_X64=… node --test tests/arm64/examples.test.mjs
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const { startDrivemock } = createRequire(import.meta.url)(path.join(root, "clients/js"));
const arm64 = process.env.DRIVEMOCK_ARM64;
const x64 = process.env.DRIVEMOCK_X64;
assert.ok(arm64 && x64, "DRIVEMOCK_ARM64 and DRIVEMOCK_X64 must name the two binaries");
const scenarios = path.join(root, "scenarios");

test("the arm64 binary says the x86-64 build's version", () => {
  const version = (bin) => execFileSync(bin, ["--version"], { encoding: "utf8" }).trim();
  assert.equal(version(arm64), version(x64));
});

/** Every directory uuid the example scenario files name. */
function exampleUuids() {
  const uuids = new Set();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.ya?ml$/.test(entry.name)) {
        for (const [, uuid] of fs.readFileSync(file, "utf8").matchAll(/^ {2}"?([0-9a-f]{8}-[0-9a-f-]{27})"?:/gm)) uuids.add(uuid);
      }
    }
  };
  walk(scenarios);
  return [...uuids].sort();
}

/** Each call's [operation, uuid, status, body] from a drivemock serving the examples. */
async function answers(bin, uuids) {
  // One seed: the examples' random faults fall alike on both.
  const mock = await startDrivemock({ bin, scenarios, seed: 7, startTimeoutMs: 60_000 });
  try {
    const seen = [];
    for (const uuid of uuids) {
      for (const [operation, body] of [
        ["color", { uuid, color: "blue" }],
        ["trash", { uuid }],
        ["trash", { uuid }],
        ["trash", { uuid }],
        ["color", { uuid, color: "red" }],
      ]) {
        try {
          const answer = await fetch(`${mock.url}/v3/dir/${operation}`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Authorization: "Bearer example", Connection: "close" },
            body: JSON.stringify(body),
          });
          // A templated answer's clock reading differs between two runs, and only that.
          const text = (await answer.text()).replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "<now>");
          seen.push([operation, uuid, answer.status, text]);
        } catch (e) {
          // The examples' connection faults (a reset, a close without an answer).
          seen.push([operation, uuid, "no answer", e.cause?.code ?? e.cause?.message ?? e.message]);
        }
      }
    }
    return seen;
  } finally {
    await mock.stop();
  }
}

test("the arm64 binary serves the example scenarios as the x86-64 one does, call for call", async () => {
  const uuids = exampleUuids();
  assert.ok(uuids.length >= 3, `the examples name directories (found ${uuids.length})`);
  const [fromArm64, fromX64] = [await answers(arm64, uuids), await answers(x64, uuids)];
  assert.equal(fromArm64.length, uuids.length * 5);
  assert.deepEqual(fromArm64, fromX64);
  assert.ok(fromArm64.some(([, , status]) => status === 503), "the examples' scripted 503 was served");
});
