// Starts the drivemock binary (DRIVEMOCK_BINARY) for a Node test, on port 0
// with a scenario file of its own; shared by the suites with real clients
// (tests/clients/js-sdk) and the browser tests (tests/browser).
"use strict";

const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const binary = process.env.DRIVEMOCK_BINARY;
if (!binary) throw new Error("DRIVEMOCK_BINARY must name the drivemock executable");

/// Starts drivemock with `args` and a scenario file holding `yaml`; resolves
/// to { port, url, scenario (the file's path), stop(), journal(), stderr() }
/// once it listens. Its standard error is passed on, and kept for stderr().
async function startDrivemock(args, yaml) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "drivemock-js-"));
  const scenario = path.join(dir, "scenario.yaml");
  fs.writeFileSync(scenario, yaml);
  const child = spawn(binary, ["--port", "0", "--quiet", "--scenarios", scenario, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr.on("data", (chunk) => {
    err += chunk;
    process.stderr.write(chunk);
  });
  const port = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const match = /listening on http:\/\/[0-9.]+:(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`drivemock exited with ${code}: ${out}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    port,
    url,
    scenario,
    stderr: () => err,
    async journal(headers = {}) {
      const res = await fetch(`${url}/__admin/requests`, { headers });
      return (await res.json()).requests.reverse(); // oldest first
    },
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

module.exports = { startDrivemock };
