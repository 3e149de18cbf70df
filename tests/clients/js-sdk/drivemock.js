// Starts the drivemock binary for a test and points the official SDK at it.
//
// The SDK's gateway address is not configurable: in Node it calls
// https.request with the hostname of a random gateway, port 443, and the
// agent exported as `keepAliveAgent` by @filen/sdk/dist/node/api/client. It
// reads that export at each request, so replacing it with an agent of the
// same class whose connection step opens plain TCP to drivemock sends every
// request there, unchanged (no edits under node_modules).
"use strict";

const { spawn } = require("node:child_process");
const fs = require("node:fs");
const net = require("node:net");
const os = require("node:os");
const path = require("node:path");
const { HttpsAgent } = require("agentkeepalive");
const client = require("@filen/sdk/dist/node/api/client");

const binary = process.env.DRIVEMOCK_BINARY;
if (!binary) throw new Error("DRIVEMOCK_BINARY must name the drivemock executable");

/// An agent of the SDK's own class that connects to 127.0.0.1:port in plain TCP.
function agentTo(port) {
  class ToDrivemock extends HttpsAgent {
    createConnection(options, callback) {
      const socket = net.connect(port, "127.0.0.1");
      if (callback) socket.once("connect", () => callback(null, socket));
      return socket;
    }
  }
  return new ToDrivemock();
}

/// Starts drivemock with `args` and a scenario file holding `yaml`; resolves
/// to { port, url, stop(), journal() } once it listens.
async function startDrivemock(args, yaml) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "drivemock-js-"));
  const scenario = path.join(dir, "scenario.yaml");
  fs.writeFileSync(scenario, yaml);
  const child = spawn(binary, ["--port", "0", "--quiet", "--scenarios", scenario, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
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
    async journal() {
      const res = await fetch(`${url}/__admin/requests`);
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

/// Points the SDK at drivemock on `port`, with a retry budget that keeps
/// tests short (its default retries every second for an hour).
function pointSdkAt(port, { maxRetries = 3, retryTimeout = 10 } = {}) {
  client.keepAliveAgent = agentTo(port);
  client.APIClientDefaults.maxRetries = maxRetries;
  client.APIClientDefaults.retryTimeout = retryTimeout;
}

module.exports = { startDrivemock, pointSdkAt };
