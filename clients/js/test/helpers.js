// Shared by the package's tests: the binary under test (DRIVEMOCK_BIN, set
// by CTest), temporary files, and a stand-in upstream for recording.
"use strict";

const fs = require("node:fs");
const http = require("node:http");
const os = require("node:os");
const path = require("node:path");

if (!process.env.DRIVEMOCK_BIN) throw new Error("DRIVEMOCK_BIN must name the drivemock executable");

/** A fresh directory, removed when the test process exits. */
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "drivemock-js-test-"));
  process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes `text` to a file of a fresh directory; its path. */
function tempFile(name, text) {
  const file = path.join(tempDir(), name);
  fs.writeFileSync(file, text);
  return file;
}

/** An HTTP server on a free loopback port answering every POST with `body`; {url, calls, close()}. */
async function standInUpstream(body) {
  const calls = [];
  const server = http.createServer((req, res) => {
    let text = "";
    req.on("data", (c) => (text += c));
    req.on("end", () => {
      calls.push({ url: req.url, body: text });
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    calls,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Runs `body(mock)` against a drivemock started with `options`, stopping it after, however body ends. */
async function withDrivemock(options, body) {
  const { startDrivemock } = require("drivemock");
  const mock = await startDrivemock(options);
  try {
    return await body(mock);
  } finally {
    await mock.stop();
  }
}

/** True once `pid` is no running process (gone, or a zombie nobody reaped yet). */
function gone(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].startsWith("Z");
  } catch {
    return true;
  }
}

/** Polls `condition` every 20 ms until it holds or `timeoutMs` pass; whether it held. */
async function eventually(condition, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A POST of `body` (JSON) to drivemock's mock API: {status, body (parsed, or null), text}. */
function post(mock, path_, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = http.request(
      `${mock.url}${path_}`,
      { method: "POST", headers: { "Content-Type": "application/json", ...headers } },
      (res) => {
        let out = "";
        res.on("data", (c) => (out += c));
        res.on("end", () => {
          let json = null;
          try {
            json = JSON.parse(out);
          } catch {
            // not JSON: body null, text has it
          }
          resolve({ status: res.statusCode, body: json, text: out });
        });
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

module.exports = { tempDir, tempFile, standInUpstream, gone, eventually, post, withDrivemock };
