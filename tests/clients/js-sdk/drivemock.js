// Starts the drivemock binary for a test and points the official SDK at it.
//
// The SDK's gateway address is not configurable: in Node it calls
// https.request with the hostname of a random gateway, port 443, and the
// agent exported as `keepAliveAgent` by @filen/sdk/dist/node/api/client. It
// reads that export at each request, so replacing it with an agent of the
// same class whose connection step opens plain TCP to drivemock sends every
// request there, unchanged (no edits under node_modules).
"use strict";

const net = require("node:net");
const { HttpsAgent } = require("agentkeepalive");
const client = require("@filen/sdk/dist/node/api/client");
const { startDrivemock } = require("../../support/drivemock-process");

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

/// Points the SDK at drivemock on `port`, with a retry budget that keeps
/// tests short (its default retries every second for an hour).
function pointSdkAt(port, { maxRetries = 3, retryTimeout = 10 } = {}) {
  client.keepAliveAgent = agentTo(port);
  client.APIClientDefaults.maxRetries = maxRetries;
  client.APIClientDefaults.retryTimeout = retryTimeout;
}

module.exports = { startDrivemock, pointSdkAt };
