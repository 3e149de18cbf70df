// The service's official SDK (@filen/sdk) against drivemock, unchanged.
//
// In Node the SDK sends every API call with https.request to port 443 of a
// random gateway host, through the agent its client module exports as
// `keepAliveAgent`, which it reads again at each attempt. connectFilenSdk
// puts there an agent of the same class (taken from the SDK's own agent, so
// no transitive dependency is required by name) whose connection step opens
// plain TCP to drivemock, and shortens the retry budget (the SDK retries
// every second for an hour) and the per-request time-out (300 s). The
// client module is the one the app loaded (found in the CommonJS loader's
// cache, whose exports object is the one the SDK reads), else reached by its
// file path under the SDK's package: that works from ES modules too, where
// the SDK's CommonJS build is what `import` loads.
"use strict";

const net = require("node:net");
const path = require("node:path");
const { createRequire } = require("node:module");
const { asyncDispose } = require("./lib/drivemock");
const { DrivemockError } = require("./lib/errors");
const { checkOptions } = require("./lib/options");
const { REFUSALS } = require("./lib/refused-calls");
const owners = require("./lib/refusal-owners");

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

/**
 * An agent of the SDK's own agent's class that connects to drivemock's
 * address (`{host, port}`) in plain TCP, keeps the sockets it opened, and once `end(error)` is called
 * destroys them with that error and fails every later connection with it:
 * the requests in flight end at once, and their retries too.
 */
function agentTo(sdkAgent, { host, port }) {
  const AgentClass = sdkAgent.constructor;
  const agent = new AgentClass();
  const open = new Set();
  let ended = null;
  // Node's agent takes a returned socket as created (and ignores the
  // callback); its errors reach the request like a TLS socket's would.
  agent.createConnection = () => {
    if (ended) {
      const refused = new net.Socket();
      process.nextTick(() => refused.destroy(ended));
      return refused;
    }
    const socket = net.connect(port, host);
    open.add(socket);
    socket.once("close", () => open.delete(socket));
    return socket;
  };
  const end = (error) => {
    if (ended) return;
    ended = error;
    for (const socket of open) socket.destroy(error);
  };
  return { agent, end };
}

/**
 * Points one copy of the client module at drivemock; returns {end, restore}:
 * `end(error)` fails what is in flight, `restore()` puts back what it
 * changed. `track` wraps each request of the SDK.
 */
function route(client, address, settings, track) {
  const defaults = client.APIClientDefaults;
  const saved = { agent: client.keepAliveAgent, ...pick(defaults, Object.keys(settings)) };
  const { agent, end } = agentTo(saved.agent, address);
  const proto = client.APIClient.prototype;
  const request = proto.request;
  const tracked = track(request);
  proto.request = tracked;
  client.keepAliveAgent = agent;
  Object.assign(defaults, settings);
  const restore = () => {
    if (proto.request === tracked) proto.request = request;
    client.keepAliveAgent = saved.agent;
    for (const key of Object.keys(settings)) defaults[key] = saved[key];
    agent.destroy();
  };
  return { end, restore };
}

function pick(object, keys) {
  return Object.fromEntries(keys.map((key) => [key, object[key]]));
}

/// connectFilenSdk's defaults: a hang fails a call after tries × time-out
/// (6 s), a drivemock error after tries × pause (30 ms).
const DEFAULTS = { maxRetries: 3, retryTimeout: 10, requestTimeoutMs: 2000 };

/**
 * Routes the official SDK's requests to `mock` (anything with a `port`).
 * @param {{port: number, process?: import("node:child_process").ChildProcess}} mock
 * @param {{maxRetries?: number, retryTimeout?: number, requestTimeoutMs?: number, from?: string|URL}} [options]
 */
function connectFilenSdk(mock, options = {}) {
  checkOptions("connectFilenSdk", options, ["maxRetries", "retryTimeout", "requestTimeoutMs", "from"]);
  const { maxRetries, retryTimeout, requestTimeoutMs, from } = { ...DEFAULTS, ...options };
  if (!mock || !Number.isInteger(mock.port)) {
    throw new DrivemockError("connectFilenSdk needs a started drivemock (with a port)", { code: "invalid_options" });
  }
  if (!Number.isInteger(requestTimeoutMs) || requestTimeoutMs <= 0) {
    throw new DrivemockError(`requestTimeoutMs must be a whole number of milliseconds above 0, not ${requestTimeoutMs}`, {
      code: "invalid_options",
    });
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
      } catch (e) {
        // The runner helpers fail the test that made it (lib/refusal-owners.js).
        if (REFUSALS.includes(e?.code)) owners.notice(e, args[0]);
        throw e;
      } finally {
        inFlight -= 1;
        if (inFlight === 0) for (const done of idle.splice(0)) done();
      }
    };
  // The SDK's per-request time-out is APIClientDefaults.gatewayTimeout (300 s).
  const settings = { maxRetries, retryTimeout, gatewayTimeout: requestTimeoutMs };
  // An attached drivemock may be on another host (a compose service).
  const host = mock.url ? new URL(mock.url).hostname.replace(/^\[|\]$/g, "") : "127.0.0.1";
  const routes = sdkClientModules(from).map((client) => route(client, { host, port: mock.port }, settings, track));
  const end = (error) => {
    for (const r of routes) r.end(error);
  };
  // A stopped drivemock answers nothing: what waits on it fails now, and
  // its retries with it, instead of waiting out their time-outs.
  const onExit = () => end(new Error(`drivemock/filen: drivemock on port ${mock.port} has stopped`));
  mock.process?.once?.("exit", onExit);

  let disconnected = null;
  const connection = {
    port: mock.port,
    /** Requests of the SDK still running (retries included). */
    get pending() {
      return inFlight;
    },
    /**
     * Ends the requests still in flight (a hang, a long delay) and restores
     * the SDK's own routing once none runs: no retry reaches the live service.
     */
    disconnect() {
      if (!disconnected) {
        end(new Error(`drivemock/filen: disconnected from drivemock on port ${mock.port}`));
        disconnected = (inFlight === 0 ? Promise.resolve() : new Promise((r) => idle.push(r))).then(() => {
          for (const r of routes) r.restore();
          mock.process?.removeListener?.("exit", onExit);
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

/** The members of the SDK's FilenSDKConfig (@filen/sdk 0.3). */
const SDK_CONFIG_KEYS = [
  "email", "password", "twoFactorCode", "masterKeys", "apiKey", "publicKey", "privateKey",
  "authVersion", "baseFolderUUID", "userId", "metadataCache", "tmpPath", "connectToSocket",
];

/**
 * The placeholder logged-in config `new FilenSDK(config)` needs for
 * `sdk.cloud()`: no call to drivemock decrypts anything with it.
 */
function filenTestConfig(overrides = {}, options = {}) {
  // The SDK ignores a key it does not know: `{ apikey }` would leave the
  // placeholder key, and the session's calls refused as no session's.
  checkOptions("filenTestConfig: overrides", overrides, SDK_CONFIG_KEYS);
  checkOptions("filenTestConfig", options, ["routedElsewhere"]);
  // An SDK made from this config with no drivemock routed would send its
  // calls, placeholder key and all, to the live service, and retry them
  // there for an hour. `routedElsewhere: true`: the caller routed them
  // itself (the gateway's names resolved to drivemock, over HTTPS).
  if (!current && !options.routedElsewhere) {
    throw new DrivemockError(
      "filenTestConfig(): the SDK is routed to no drivemock in this process, so an SDK made now " +
        "would call the live service; call connectFilenSdk(mock) first, or use " +
        "drivemockTest({ filen: true }) (drivemock/vitest); if the SDK reaches drivemock another " +
        "way (its gateway names resolved to it), pass { routedElsewhere: true }",
      { code: "not_connected" },
    );
  }
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
