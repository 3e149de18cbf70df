// startDrivemock and stop: finding the binary, a failed start in
// drivemock's own words, the child's lifetime (CommonJS).
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { spawn, execFileSync } = require("node:child_process");
const path = require("node:path");
const { startDrivemock, DrivemockError } = require("drivemock");
const { tempFile, gone, eventually, post, withDrivemock } = require("./helpers");

test("starts on a free loopback port, answers, and stops with exit code 0", async () => {
  const mock = await startDrivemock();
  assert.match(mock.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.equal(mock.url, `http://127.0.0.1:${mock.port}`);
  assert.ok(mock.process.pid > 0);
  const answer = await post(mock, "/v3/dir/trash", { uuid: "d1" });
  assert.equal(answer.status, 200);
  assert.equal(await mock.stop(), 0);
  assert.equal(await mock.stop(), 0, "a second stop resolves the same");
  assert.ok(gone(mock.process.pid));
});

test("the options become flags: scenarios, dialect, seed, strict, args", async () => {
  const file = tempFile("base.yaml", "directories: {d1: {trash: {http: 503}}}\n");
  const options = { scenarios: [file], dialect: "service", seed: 42, strict: true, args: ["--journal-limit", "7"] };
  await withDrivemock(options, async (mock) => {
    const health = await mock.health();
    assert.equal(health.dialect, "service");
    assert.equal(health.seed, 42);
    assert.equal((await post(mock, "/v3/dir/trash", { uuid: "d1" })).status, 503);
    assert.equal((await post(mock, "/v3/dir/trash", { uuid: 7 })).status, 400, "strict refuses a number uuid");
  });
});

test("preset filen starts in the service dialect", async () => {
  await withDrivemock({ preset: "filen" }, async (mock) => {
    assert.equal((await mock.health()).dialect, "service");
  });
});

test("a scenario error at start rejects with drivemock's message and its file:line:column", async () => {
  const file = tempFile("broken.yaml", "directories:\n  d1:\n    trash: {fault: nope}\n");
  await assert.rejects(startDrivemock({ scenarios: file }), (e) => {
    assert.ok(e instanceof DrivemockError);
    assert.equal(e.code, "start_failed");
    assert.match(e.message, new RegExp(`${file}:3:\\d+: error: unknown fault 'nope'`));
    assert.equal(e.diagnostics.length, 1);
    assert.deepEqual([e.diagnostics[0].file, e.diagnostics[0].line, e.diagnostics[0].severity], [file, 3, "error"]);
    return true;
  });
});

test("20 starts at once of a broken scenario each reject with its file:line:column (no message lost)", async () => {
  // The exit of a child can be seen before the end of its standard error is
  // read; under load that lost the diagnostic of about one start in ten.
  const file = tempFile("broken.yaml", "directories:\n  d1:\n    trash: {fault: nope}\n");
  for (let round = 0; round < 5; round++) {
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => startDrivemock({ scenarios: file })));
    for (const outcome of outcomes) {
      assert.equal(outcome.status, "rejected");
      assert.equal(outcome.reason.code, "start_failed");
      assert.match(outcome.reason.message, /broken\.yaml:3:\d+: error: unknown fault 'nope'/);
      assert.equal(outcome.reason.diagnostics.length, 1, outcome.reason.message);
    }
  }
});

test("a drivemock that never listens rejects with start_timeout, saying what it printed", async () => {
  const fake = tempFile("never-listens", "#!/bin/sh\necho 'drivemock: still loading' >&2\nexec sleep 60\n");
  require("node:fs").chmodSync(fake, 0o755);
  await assert.rejects(startDrivemock({ bin: fake, startTimeoutMs: 500 }), (e) => {
    assert.equal(e.code, "start_timeout");
    assert.match(e.message, /did not listen within 500 ms \(startTimeoutMs\); it said:\ndrivemock: still loading/);
    return true;
  });
});

test("admin calls after stop() reject with code stopped, naming when", async () => {
  const mock = await startDrivemock();
  await mock.stop();
  await assert.rejects(mock.health(), (e) => {
    assert.ok(e instanceof DrivemockError);
    assert.equal(e.code, "stopped");
    assert.match(e.message, /^drivemock \(pid \d+\) was stopped by stop\(\) at \d{4}-\d\d-\d\dT[\d:.]+Z/);
    return true;
  });
  const crashed = await startDrivemock();
  crashed.process.kill("SIGKILL");
  await new Promise((resolve) => crashed.process.once("exit", resolve));
  await assert.rejects(crashed.requests(), { code: "stopped", message: /was killed by SIGKILL at / });
});

test("the binary is bin, else DRIVEMOCK_BIN, else drivemock on PATH, else a rejection saying how to get one", async () => {
  const bin = process.env.DRIVEMOCK_BIN;
  const viaBin = await startDrivemock({ bin, env: { DRIVEMOCK_BIN: "/nonexistent" } });
  await viaBin.stop();
  const onPath = await startDrivemock({ env: { DRIVEMOCK_BIN: "", PATH: path.dirname(bin) } });
  await onPath.stop();
  await assert.rejects(startDrivemock({ env: { DRIVEMOCK_BIN: "", PATH: "/nonexistent" } }), (e) => {
    assert.equal(e.code, "binary_not_found");
    assert.match(e.message, /no drivemock binary.*make deb.*DRIVEMOCK_BIN/);
    return true;
  });
  await assert.rejects(startDrivemock({ bin: "/nonexistent/drivemock" }), { code: "binary_not_found" });
});

test("an unknown preset is refused before anything starts", async () => {
  await assert.rejects(startDrivemock({ preset: "other" }), { code: "invalid_options" });
});

test("Symbol.asyncDispose stops it (what `await using` calls)", async () => {
  const mock = await startDrivemock();
  await mock[Symbol.asyncDispose]();
  assert.ok(await eventually(() => gone(mock.process.pid), 30000));
});

test("stop kills a drivemock that does not stop on SIGTERM, after the bound", async () => {
  const mock = await startDrivemock({ stopTimeoutMs: 200 });
  process.kill(mock.process.pid, "SIGSTOP"); // it cannot act on SIGTERM now
  assert.equal(await mock.stop(), null, "killed, so no exit code");
  assert.equal(mock.process.signalCode, "SIGKILL");
});

test("drivemock exits when the process that started it is SIGKILLed", async () => {
  // A test runner of its own, killed the way a CI timeout kills one.
  const runner = spawn(process.execPath, ["-e", `
    const { startDrivemock } = require(${JSON.stringify(require.resolve("drivemock"))});
    startDrivemock().then((mock) => { console.log(mock.process.pid); setInterval(() => {}, 1000); });
  `], { stdio: ["ignore", "pipe", "inherit"] });
  const pid = await new Promise((resolve) => runner.stdout.once("data", (d) => resolve(Number(String(d).trim()))));
  assert.ok(pid > 0 && !gone(pid));
  runner.kill("SIGKILL");
  assert.ok(await eventually(() => gone(pid), 30000), `drivemock ${pid} still runs 30 s after its parent died`);
});

test("drivemock exits when the test runner whose worker started it is SIGKILLed, the worker living on", async () => {
  // As Vitest's forks pool runs a file: a runner forks a worker (with an IPC
  // channel), the worker starts drivemock; a CI time-out kills the runner.
  const worker = tempFile("worker.js", `
    const { startDrivemock } = require(${JSON.stringify(require.resolve("drivemock"))});
    startDrivemock().then((mock) => { process.send({ drivemock: mock.process.pid, worker: process.pid }); setInterval(() => {}, 1000); });
  `);
  const runner = spawn(process.execPath, ["-e", `
    const { fork } = require("node:child_process");
    const worker = fork(${JSON.stringify(worker)}, [], { stdio: "inherit" });
    worker.on("message", (m) => console.log(JSON.stringify(m)));
    setInterval(() => {}, 1000);
  `], { stdio: ["ignore", "pipe", "inherit"] });
  const pids = await new Promise((resolve) => runner.stdout.once("data", (d) => resolve(JSON.parse(String(d)))));
  try {
    assert.ok(!gone(pids.drivemock) && !gone(pids.worker));
    runner.kill("SIGKILL");
    assert.ok(await eventually(() => gone(pids.drivemock), 30000), `drivemock ${pids.drivemock} outlived its runner`);
  } finally {
    try {
      process.kill(pids.worker, "SIGKILL");
    } catch {
      // gone already
    }
  }
});

test("the package's version is the binary's", () => {
  const version = execFileSync(process.env.DRIVEMOCK_BIN, ["--version"], { encoding: "utf8" }).trim();
  assert.equal(require("drivemock/package.json").version, version);
});

test("tls serves HTTPS beside HTTP, with the CA file a client trusts", async () => {
  const https = require("node:https");
  const fs = require("node:fs");
  const dir = path.dirname(tempFile("unused", ""));
  await withDrivemock({ tls: { dir, names: ["mock.internal"] } }, async (mock) => {
    assert.match(mock.tlsUrl, /^https:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(mock.tlsUrl, `https://127.0.0.1:${mock.tlsPort}`);
    assert.notEqual(mock.tlsPort, mock.port);
    assert.equal(mock.caFile, path.join(dir, "ca.pem"));
    const ca = fs.readFileSync(mock.caFile);
    const answer = await new Promise((resolve, reject) => {
      const body = JSON.stringify({ uuid: "over-tls" });
      const request = https.request(`${mock.tlsUrl}/v3/dir/trash`, {
        method: "POST", ca, servername: "mock.internal",
        headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
      }, (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode, json: JSON.parse(text) }));
      });
      request.on("error", reject);
      request.end(body);
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.json.code, "dir_trashed");
    // The admin API stays on the plain address, journaling the HTTPS call.
    const [entry] = await mock.requests();
    assert.equal(entry.uuid, "over-tls");
  });
});

test("without tls there is no HTTPS address and no CA file", async () => {
  await withDrivemock({}, async (mock) => {
    assert.equal(mock.tlsUrl, null);
    assert.equal(mock.tlsPort, null);
    assert.equal(mock.caFile, null);
  });
});

test("tls with the user's own certificate (--tls-cert) starts without a CA file", async () => {
  const dir = path.dirname(tempFile("unused", ""));
  const [cert, key] = [path.join(dir, "cert.pem"), path.join(dir, "key.pem")];
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost",
    "-days", "1", "-keyout", key, "-out", cert], { stdio: "ignore" });
  await withDrivemock({ tls: true, args: [`--tls-cert=${cert}`, "--tls-key", key], startTimeoutMs: 10000 },
    async (mock) => {
      assert.match(mock.tlsUrl, /^https:\/\/127\.0\.0\.1:\d+$/);
      assert.equal(mock.caFile, null);
    });
});
