// The official SDK, unchanged, over HTTPS to drivemock's --tls-port 443:
// no agent swap, only NODE_EXTRA_CA_CERTS for drivemock's local CA, and
// either the gateway names mapped to 127.0.0.1 (a private mount namespace
// with its own /etc/hosts: unshare, as root) or the gateway URL set to
// https://localhost. Skipped, saying why, where port 443 or a mount
// namespace cannot be had.
"use strict";

const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const test = require("node:test");
const assert = require("node:assert/strict");
const { startDrivemock } = require("drivemock");

const GATEWAYS = ["gateway.filen.io", "gateway.filen.net",
  ...[1, 2, 3, 4, 5, 6].map((n) => `gateway.filen-${n}.net`)];

const isRoot = process.getuid && process.getuid() === 0;
const canUnshare = isRoot && spawnSync("unshare", ["--mount", "true"]).status === 0;

/// Starts drivemock in the service dialect with HTTPS on port 443 and its CA in a fresh directory.
async function startOn443() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "drivemock-tls-"));
  const mock = await startDrivemock({ preset: "filen", tls: { port: 443, dir } });
  return { mock, dir, ca: mock.caFile };
}

/// Runs https-client.js with `mode` (under `wrap`, a command prefix), trusting `ca`.
function runClient(mode, ca, wrap = []) {
  const node = [process.execPath, path.join(__dirname, "https-client.js"), mode];
  const [command, ...args] = [...wrap, ...node];
  const { NODE_TEST_CONTEXT, ...env } = process.env;
  const run = spawnSync(command, args, {
    cwd: __dirname, encoding: "utf8", timeout: 60000, env: { ...env, NODE_EXTRA_CA_CERTS: ca },
  });
  assert.equal(run.status, 0, `the SDK over HTTPS failed:\n${run.stdout}\n${run.stderr}`);
}

/// [operation, uuid or lock type] of each journal entry, with the SDK's headers checked.
function calls(journal) {
  for (const e of journal) {
    assert.equal(e.request.headers["User-Agent"], "filen-sdk");
    assert.ok(e.request.headers.Checksum, "the SDK's Checksum header");
  }
  return journal.map((e) => [e.operation, e.operation === "lock" ? e.request.json.type : e.uuid]);
}

const EXPECTED = [["color", "over-tls"], ["trash", "over-tls"],
  ["lock", "acquire"], ["trash", "locked-over-tls"], ["lock", "release"]];

test("the SDK, unchanged, reaches drivemock at the gateway names over HTTPS", {
  skip: canUnshare ? false : "needs root and a mount namespace (unshare --mount) for a private /etc/hosts",
}, async () => {
  const { mock, dir, ca } = await startOn443();
  try {
    const hosts = path.join(dir, "hosts");
    fs.writeFileSync(hosts, `127.0.0.1 localhost ${GATEWAYS.join(" ")}\n::1 localhost\n`);
    // Every gateway name: the SDK picks one at random per request.
    runClient("unchanged", ca, ["unshare", "--mount", "sh", "-c",
      `mount --bind ${hosts} /etc/hosts && exec "$0" "$@"`]);
    assert.deepEqual(calls(await mock.requests()), EXPECTED);
  } finally {
    await mock.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the SDK reaches drivemock over HTTPS with only its gateway URL set to https://localhost", {
  skip: isRoot ? false : "needs root to listen on port 443, where the SDK always calls",
}, async () => {
  const { mock, dir, ca } = await startOn443();
  try {
    runClient("localhost", ca);
    assert.deepEqual(calls(await mock.requests()), EXPECTED);
  } finally {
    await mock.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
