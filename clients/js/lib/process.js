// The drivemock child process: started on port 0, ready once it prints the
// address it listens on, stopped with SIGTERM and then SIGKILL.
"use strict";

const { spawn } = require("node:child_process");
const { DrivemockError } = require("./errors");

const LISTENING = /drivemock listening on (http:\/\/\S+)/;
const LISTENING_TLS = /drivemock listening on (https:\/\/\S+)/;
const CA_FILE = /drivemock CA certificate (.+) \(trust it/;
/// drivemock's positioned diagnostics: `file:line:column: severity: message`.
const DIAGNOSTIC = /^(.+?):(\d+):(\d+): (error|warning): (.*)$/;
/// What of standard error is kept for the error of a failed start.
const KEPT_STDERR_BYTES = 64 * 1024;
/**
 * How long drivemock may take to listen unless `startTimeoutMs` says: under
 * Vitest's hook time-out (10 s), so that a drivemock that never listens
 * fails a `beforeAll` with drivemock's message rather than the runner's
 * "Hook timed out"; node:test sets no time-out of its own.
 */
const DEFAULT_START_TIMEOUT_MS = 8000;

/**
 * The process to stop with besides this one: the test runner, when this
 * process is one of its workers (a child with an IPC channel, as Vitest's
 * `forks` pool, Jest and mocha's parallel mode fork them, or a node:test
 * file's process). A runner killed with SIGKILL cannot stop its workers, and
 * a worker lives on until its test ends; drivemock then stops at once.
 */
function runnerPid() {
  const worker = typeof process.send === "function" || process.env.NODE_TEST_CONTEXT !== undefined;
  return worker && process.ppid > 1 ? process.ppid : null;
}

/** The command-line arguments for the options (see index.d.ts). */
function argumentsFor(options) {
  const chosen = (options.args ?? []).find((a) => /^--(port|host)(=|$)/.test(String(a)));
  if (chosen) {
    const option = String(chosen).replace(/^--/, "").replace(/=.*/, "");
    throw new DrivemockError(`args: '${chosen}' is an option of startDrivemock: pass { ${option}: … } instead`, {
      code: "invalid_options",
    });
  }
  const host = options.host ?? "127.0.0.1";
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new DrivemockError(`port: ${JSON.stringify(port)} is no port; expected a whole number from 0 to 65535 (0: a free one)`, {
      code: "invalid_options",
    });
  }
  const args = ["--host", String(host), "--port", String(port), "--exit-with-parent"];
  const runner = runnerPid();
  if (runner) args.push("--exit-with-pid", String(runner));
  const scenarios = options.scenarios === undefined ? [] : [].concat(options.scenarios);
  for (const file of scenarios) args.push("--scenarios", String(file));
  const dialect = options.dialect ?? (options.preset === "filen" ? "service" : undefined);
  if (dialect) args.push("--dialect", dialect);
  if (options.seed !== undefined) args.push("--seed", String(options.seed));
  if (options.strict) args.push("--strict");
  if (options.requireSession) args.push("--require-session");
  if (options.report) args.push("--report", String(options.report));
  if (options.tls) {
    const tls = options.tls === true ? {} : options.tls;
    args.push("--tls-port", String(tls.port ?? 0));
    if (tls.dir) args.push("--tls-dir", String(tls.dir));
    for (const name of tls.names ?? []) args.push("--tls-name", String(name));
  }
  if (!options.verbose) args.push("--quiet");
  return args.concat(options.args ?? []);
}

/**
 * What drivemock printed once it listens, or null while a line is missing:
 * the plain HTTP address, and with `tls` the HTTPS one and, unless the
 * certificate is the user's own (--tls-cert), the local CA's file.
 */
function listeningIn(stdout, options) {
  const plain = LISTENING.exec(stdout);
  if (!plain) return null;
  const found = { url: plain[1], port: Number(new URL(plain[1]).port), tlsUrl: null, tlsPort: null, caFile: null };
  if (!options.tls) return found;
  const tls = LISTENING_TLS.exec(stdout);
  const ownCertificate = (options.args ?? []).some((a) => a === "--tls-cert" || a.startsWith("--tls-cert="));
  const ca = CA_FILE.exec(stdout);
  if (!tls || (!ca && !ownCertificate)) return null;
  return { ...found, tlsUrl: tls[1], tlsPort: Number(new URL(tls[1]).port), caFile: ca ? ca[1] : null };
}

function diagnosticsIn(text) {
  const out = [];
  for (const line of text.split("\n")) {
    const m = DIAGNOSTIC.exec(line.trim());
    if (m) out.push({ severity: m[4], file: m[1], line: Number(m[2]), column: Number(m[3]), message: m[5] });
  }
  return out;
}

/**
 * Spawns drivemock and resolves with {child, url, port, tlsUrl, tlsPort,
 * caFile} once it listens;
 * rejects with drivemock's own words when it exits first, or after
 * `startTimeoutMs`.
 */
function spawnDrivemock(bin, options) {
  const env = { ...process.env, ...options.env };
  // The token goes by the environment: arguments are visible to every user in ps.
  if (options.adminToken) env.DRIVEMOCK_ADMIN_TOKEN = options.adminToken;
  const child = spawn(bin, argumentsFor(options), {
    cwd: options.cwd,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk) => {
    if (options.verbose) process.stderr.write(chunk);
    stderr = (stderr + chunk).slice(-KEPT_STDERR_BYTES);
  });
  return new Promise((resolve, reject) => {
    let stdout = "";
    let settled = false;
    const timeoutMs = options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      const said = stderr.trim();
      fail(
        `drivemock did not listen within ${timeoutMs} ms (startTimeoutMs)${said ? `; it said:\n${said}` : ""}`,
        "start_timeout",
      );
    }, timeoutMs);
    function fail(message, code) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout.removeAllListeners("data");
      reject(new DrivemockError(message, { code, diagnostics: diagnosticsIn(stderr) }));
    }
    child.once("error", (e) => fail(`drivemock could not start (${bin}): ${e.message}`, "start_failed"));
    // "close", not "exit": a child's exit can be seen before the last of its
    // standard error is read, and that last part is the diagnostic.
    child.once("close", (code, signal) => {
      const said = stderr.trim() || stdout.trim();
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      fail(said ? `${said}\n(drivemock ${how} before listening)` : `drivemock ${how} before listening`, "start_failed");
    });
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      const listening = listeningIn(stdout, options);
      if (!listening || settled) return;
      settled = true;
      clearTimeout(timer);
      child.removeAllListeners("close");
      child.removeAllListeners("error");
      child.on("error", () => {}); // a failed kill later is stop's business, not a crash
      child.stdout.removeAllListeners("data");
      child.stdout.resume(); // nothing more is read of it, and it must never fill
      resolve({ child, ...listening });
    });
  });
}

/** SIGTERM, then SIGKILL after `killAfterMs`; resolves with the exit code (null if killed). */
function stopChild(child, killAfterMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill("SIGTERM");
  });
}

module.exports = { spawnDrivemock, stopChild, argumentsFor };
