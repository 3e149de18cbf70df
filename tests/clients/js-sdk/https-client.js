// Run by https.test.js in a process of its own (NODE_EXTRA_CA_CERTS is read
// at start): the official SDK, its agent and retries untouched, calling the
// gateway over HTTPS. With "localhost" it is only told the gateway's URL
// (APIClientDefaults.gatewayURLs, a public property); with "unchanged" it
// calls the service's own gateway names, which the caller has pointed at
// 127.0.0.1 (a private /etc/hosts). Exits 0 once every call completed.
"use strict";

const { FilenSDK } = require("@filen/sdk");
const { APIClientDefaults } = require("@filen/sdk/dist/node/api/client");
const { filenTestConfig } = require("drivemock/filen");

async function main(mode) {
  if (mode === "localhost") APIClientDefaults.gatewayURLs = ["https://localhost"];
  // Not routed by connectFilenSdk: the gateway's names lead to drivemock.
  const sdk = new FilenSDK(filenTestConfig({}, { routedElsewhere: true }));
  await sdk.api(3).dir().color({ uuid: "over-tls", color: "blue" });
  await sdk.api(3).dir().trash({ uuid: "over-tls" });
  await sdk.cloud().trashDirectory({ uuid: "locked-over-tls" });
}

main(process.argv[2]).catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
