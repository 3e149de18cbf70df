// Makes examples/recordings/service.yaml, the recording the docs' drift
// check example reads: the official SDK's trash and color flows, and a
// trash and a color of a folder that does not exist, recorded from the
// stand-in for the service (stand-in.js). Run: node record-example.js
"use strict";

const path = require("node:path");
const { FilenSDK, APIError } = require("@filen/sdk");
const { startDrivemock } = require("drivemock");
const { connectFilenSdk, filenTestConfig } = require("drivemock/filen");
const { startStandIn } = require("./stand-in");

const FILE = path.join(__dirname, "../../../examples/recordings/service.yaml");

async function main() {
  const standIn = await startStandIn();
  const mock = await startDrivemock({ preset: "filen", args: ["--record-to", FILE] });
  const connection = connectFilenSdk(mock);
  try {
    await mock.startRecording(standIn.url);
    const sdk = () => new FilenSDK(filenTestConfig());
    await sdk().cloud().trashDirectory({ uuid: "6f1c7e0a-0000-4000-8000-000000000001" });
    await sdk().cloud().changeDirectoryColor({ uuid: "6f1c7e0a-0000-4000-8000-000000000001", color: "green" });
    for (const call of [() => sdk().api(3).dir().trash({ uuid: "gone" }),
                        () => sdk().api(3).dir().color({ uuid: "gone", color: "red" })]) {
      await call().catch((e) => { if (!(e instanceof APIError)) throw e; });
    }
    const saved = await mock.stopRecording();
    console.log(`${saved.captured} calls written to ${path.relative(process.cwd(), saved.file)}`);
  } finally {
    await connection.disconnect();
    await mock.stop();
    await standIn.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
