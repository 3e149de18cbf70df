// The service's official SDK (@filen/sdk) against drivemock, unchanged.
//
// In Node the SDK sends every API call with https.request to port 443 of a
// random gateway host, through the agent its client module exports as
// `keepAliveAgent`, which it reads again at each attempt. connectFilenSdk
// puts there an agent of the same class (taken from the SDK's own agent, so
// no transitive dependency is required by name) whose connection step opens
// plain TCP to drivemock, and shortens the retry budget (the SDK retries
// every second for an hour). The client module is the one the app loaded
// (found in the CommonJS loader's cache, whose exports object is the one the
// SDK reads), else reached by its file path under the SDK's package: that
// works from ES modules too, where the SDK's CommonJS build is what
// `import` loads.
"use strict";

const net = require("node:net");
const path = require("node:path");
const { createRequire } = require("node:module");
const { asyncDispose } = require("./lib/drivemock");
const { DrivemockError } = require("./lib/errors");

/// The one connection in force in this process: the SDK's module state is global.
let current = null;

/** Where to look for @filen/sdk: `from`, the working directory, this package. */
function searchStarts(from) {
  const starts = [];
  if (from) {
    const where = typeof from === "object" ? from.href : String(from);
    starts.push(where.startsWith("file:") ? new URL(where) : path.resolve(where, "noop.js"));
  }
  starts.push(path.join(process.cwd(), "noop.js"), __filename);
  return starts;
}

const CLIENT_MODULE = /[\\/]@filen[\\/]sdk[\\/]dist[\\/]node[\\/]api[\\/]client\.js$/;

function checkedClient(client, where) {
  if (!client || !client.keepAliveAgent || !client.APIClientDefaults || !client.APIClient) {
    throw new DrivemockError(
      `@filen/sdk at ${where} has no api/client.js with keepAliveAgent, APIClientDefaults ` +
        "and APIClient: a version this package does not know (it is tested with 0.3.12)",
      { code: "sdk_unsupported" },
    );
  }
  return client;
}

/**
 * The SDK's Node client modules (dist/node/api/client.js) as the app loaded
 * them: every copy already loaded in this process (an app may hold two,
 * with a package manager's nested layout), else the one `from`, the working
 * directory or this package resolves, loaded now.
 */
function sdkClientModules(from) {
  const loaded = Object.keys(require.cache).filter((file) => CLIENT_MODULE.test(file));
  if (loaded.length > 0) return loaded.map((file) => checkedClient(require.cache[file].exports, file));
  const tried = [];
  for (const start of searchStarts(from)) {
    const req = createRequire(start);
    let main;
    try {
      main = req.resolve("@filen/sdk");
    } catch {
      tried.push(String(start instanceof URL ? start : path.dirname(start)));
      continue;
    }
    return [checkedClient(req(path.join(path.dirname(main), "api", "client.js")), path.dirname(main))];
  }
  throw new DrivemockError(
    `@filen/sdk is not installed where it could be found (looked from ${tried.join(", ")}); ` +
      "npm install @filen/sdk, or pass {from: <a directory of the app>}",
    { code: "sdk_not_found" },
  );
}

/** An agent of the SDK's own agent's class that connects to 127.0.0.1:port in plain TCP. */
function agentTo(sdkAgent, port) {
  const AgentClass = sdkAgent.constructor;
  const agent = new AgentClass();
  // Node's agent takes a returned socket as created (and ignores the
  // callback); its errors reach the request like a TLS socket's would.
  agent.createConnection = () => net.connect(port, "127.0.0.1");
  return agent;
}

/**
 * Points one copy of the client module at drivemock; returns the function
 * that puts back what it changed. `track` wraps each request of the SDK.
 */
function route(client, port, { maxRetries, retryTimeout }, track) {
  const defaults = client.APIClientDefaults;
  const saved = { agent: client.keepAliveAgent, maxRetries: defaults.maxRetries, retryTimeout: defaults.retryTimeout };
  const agent = agentTo(saved.agent, port);
  const proto = client.APIClient.prototype;
  const request = proto.request;
  const tracked = track(request);
  proto.request = tracked;
  client.keepAliveAgent = agent;
  defaults.maxRetries = maxRetries;
  defaults.retryTimeout = retryTimeout;
  return () => {
    if (proto.request === tracked) proto.request = request;
    client.keepAliveAgent = saved.agent;
    defaults.maxRetries = saved.maxRetries;
    defaults.retryTimeout = saved.retryTimeout;
    agent.destroy();
  };
}

/**
 * Routes the official SDK's requests to `mock` (anything with a `port`).
 * @param {{port: number}} mock
 * @param {{maxRetries?: number, retryTimeout?: number, from?: string|URL}} [options]
 */
function connectFilenSdk(mock, { maxRetries = 3, retryTimeout = 10, from } = {}) {
  if (!mock || !Number.isInteger(mock.port)) {
    throw new DrivemockError("connectFilenSdk needs a started drivemock (with a port)", { code: "invalid_options" });
  }
  if (current) {
    throw new DrivemockError(
      "the SDK is connected to a drivemock already (the SDK's routing is per process); disconnect() that first",
      { code: "already_connected" },
    );
  }
  // Requests still in their retry loop: disconnect waits for them, so that no
  // retry of a request sent to drivemock goes to the live service.
  let inFlight = 0;
  const idle = [];
  const track = (request) =>
    async function requestThroughDrivemock(...args) {
      inFlight += 1;
      try {
        return await request.apply(this, args);
      } finally {
        inFlight -= 1;
        if (inFlight === 0) for (const done of idle.splice(0)) done();
      }
    };
  const restores = sdkClientModules(from).map((client) => route(client, mock.port, { maxRetries, retryTimeout }, track));

  let disconnected = null;
  const connection = {
    port: mock.port,
    /** Requests of the SDK still running (retries included). */
    get pending() {
      return inFlight;
    },
    /** Restores the SDK's own routing once no request of it is still running against drivemock. */
    disconnect() {
      if (!disconnected) {
        disconnected = (inFlight === 0 ? Promise.resolve() : new Promise((r) => idle.push(r))).then(() => {
          for (const restore of restores) restore();
          current = null;
        });
      }
      return disconnected;
    },
    [asyncDispose]() {
      return connection.disconnect();
    },
  };
  current = connection;
  return connection;
}

/**
 * The placeholder logged-in config `new FilenSDK(config)` needs for
 * `sdk.cloud()`: no call to drivemock decrypts anything with it.
 */
function filenTestConfig(overrides = {}) {
  return {
    apiKey: "drivemock-test-api-key",
    masterKeys: ["drivemock-placeholder-master-key"],
    publicKey: "drivemock-placeholder-public-key",
    privateKey: "drivemock-placeholder-private-key",
    baseFolderUUID: "00000000-0000-4000-8000-000000000000",
    authVersion: 2,
    userId: 1,
    connectToSocket: false,
    metadataCache: false,
    ...overrides,
  };
}

module.exports = { connectFilenSdk, filenTestConfig };
