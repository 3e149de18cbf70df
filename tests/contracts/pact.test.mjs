// Pacts both ways round a consumer on the official SDK: its drivemock
// journal becomes a Pact v4 file (POST /__admin/pact, `drivemock pact`),
// which Pact JS's Verifier and the Rust `pact verifier` (through drivemock's
// state-change URL, POST /__admin/pact/provider-states) check against a
// drivemock serving the same scenarios (passes) and a changed one (fails,
// naming the interaction).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { FilenSDK } from "@filen/sdk";
import { startDrivemock } from "drivemock";
import { connectFilenSdk, filenTestConfig } from "drivemock/filen";
import { drivemock, here, rustVerify, verifyTwice } from "./support.mjs";

const scenario = path.join(here, "scenarios/pact-flow.yaml");
const A = "9a1c7e0a-0000-4000-8000-00000000000a";
const B = "9a1c7e0a-0000-4000-8000-00000000000b";
const C = "9a1c7e0a-0000-4000-8000-00000000000c"; // no scenario scripts it
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "drivemock-pact-"));
let consumer, connection, pactFile;

before(async () => {
  consumer = await startDrivemock({ preset: "filen", scenarios: scenario, args: ["--journal-file", path.join(tmp, "journal.jsonl")] });
  connection = connectFilenSdk(consumer);
  // The consumer's tests: what an app on the SDK does.
  const sdk = new FilenSDK(filenTestConfig());
  await sdk.cloud().changeDirectoryColor({ uuid: A, color: "red" });
  await sdk.cloud().trashDirectory({ uuid: A });
  await assert.rejects(sdk.cloud().trashDirectory({ uuid: A }), { code: "dir_already_trashed" });
  await assert.rejects(sdk.cloud().changeDirectoryColor({ uuid: B, color: "blue" }), { code: "folder_not_found" });
  await sdk.cloud().changeDirectoryColor({ uuid: C, color: "green" });
  await sdk.cloud().trashDirectory({ uuid: C });
});
after(async () => {
  await connection?.disconnect();
  await consumer?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function interactionsOf(pact) {
  return pact.interactions.map((i) => i.description);
}

test("the journal becomes a Pact v4 pact with each scripted uuid's state as its provider state", async () => {
  const pact = await consumer.pact({ consumer: "archiver", provider: "drive" });
  assert.equal(pact.metadata.pactSpecification.version, "4.0");
  assert.deepEqual([pact.consumer.name, pact.provider.name], ["archiver", "drive"]);
  const scripted = pact.interactions.filter((i) => i.providerStates?.[0].name === "a directory in a state");
  // In the order of what they are, not of when they were made.
  assert.deepEqual(scripted.map((i) => i.description), [
    `color ${A} in state active: 200 dir_color_changed`,
    `color ${B} in state active: 200 folder_not_found`,
    `trash ${A} in state active: 200 dir_trashed`,
    `trash ${A} in state trashed: 200 dir_already_trashed`,
  ]);
  assert.deepEqual(scripted[3].providerStates, [{ name: "a directory in a state", params: { uuid: A, directoryState: "trashed" } }]);
  assert.deepEqual(scripted[0].request.body.content, { uuid: A, color: "red" });
  // A directory no scenario scripts is one the provider must make.
  const made = pact.interactions.filter((i) => i.request.body.content.uuid === C);
  assert.equal(made.length, 2);
  for (const i of made) assert.deepEqual(i.providerStates, [{ name: "a directory exists", params: { uuid: C } }]);
  // Every interaction but the locks' (the client makes their uuids) says what to set up.
  const unstated = pact.interactions.filter((i) => !i.providerStates).map((i) => i.request.path);
  assert.deepEqual([...new Set(unstated)], ["/v3/user/lock"]);
  // The SDK's bearer token is a secret: no pact holds it, nor any header but Content-Type.
  const text = JSON.stringify(pact);
  assert.ok(!text.includes("Authorization") && !text.includes("***"));
  assert.deepEqual(Object.keys(scripted[0].request.headers), ["Content-Type"]);
  // The SDK's locks (fresh uuids no scenario names) go in without a state,
  // each kind once: their uuid a fixed example that any uuid matches, and in
  // no description, so that the next run's pact is the same contract.
  const locks = pact.interactions.filter((i) => i.request.path === "/v3/user/lock");
  assert.deepEqual(locks.map((i) => i.description), ["lock: 200 lock_acquired", "lock: 200 lock_released"]);
  for (const lock of locks) {
    assert.equal(lock.providerStates, undefined);
    assert.equal(lock.request.body.content.uuid, "00000000-0000-4000-8000-000000000000");
    assert.equal(lock.request.matchingRules.body["$.uuid"].matchers[0].match, "regex");
  }
  pactFile = path.join(tmp, "archiver-drive.json");
  fs.writeFileSync(pactFile, JSON.stringify(pact, null, 2));
});

test("drivemock pact writes the same pact from the running drivemock and from its journal file", async () => {
  const env = { ...process.env, DRIVEMOCK_ADMIN_TOKEN: consumer.adminToken };
  const out = path.join(tmp, "cli.json");
  const parties = ["--consumer", "archiver", "--provider", "drive"];
  await drivemock(["pact", ...parties, "--url", consumer.url, "--out", out], { env });
  const fromServer = JSON.parse(fs.readFileSync(out, "utf8"));
  const { stdout } = await drivemock(["pact", ...parties, "--journal", path.join(tmp, "journal.jsonl")]);
  assert.deepEqual(JSON.parse(stdout), fromServer);
  assert.deepEqual(interactionsOf(fromServer), interactionsOf(await consumer.pact({ consumer: "archiver", provider: "drive" })));
  // Without the token: refused, and said how to give it.
  const refused = await drivemock(["pact", ...parties, "--url", consumer.url], { env: { ...process.env, DRIVEMOCK_ADMIN_TOKEN: "" } }).catch((e) => e);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /answered 401.*DRIVEMOCK_ADMIN_TOKEN/);
});

/** Pact JS's Verifier, twice, on a drivemock serving `scenarioFile`: this file's pact. */
const verify = (scenarioFile) => verifyTwice(pactFile, scenarioFile);

test("Pact's verifier passes the pact against a drivemock serving the same scenarios", async () => {
  const { passed, output } = await verify(scenario);
  assert.ok(passed, output);
  assert.match(output, /drivemock-verify: passed/);
});

test("a scenario answering otherwise fails the verifier, which names the interaction", async () => {
  const changed = path.join(tmp, "changed.yaml");
  fs.writeFileSync(changed, fs.readFileSync(scenario, "utf8").replace("Already in trash.", "Already in the bin."));
  const { passed, output } = await verify(changed);
  assert.ok(!passed, output);
  assert.match(output, new RegExp(`trash ${A} in state trashed: 200 dir_already_trashed`));
  assert.match(output, /Already in the bin\./);
});

test("a pact is a scenario set: drivemock serving the consumer's pact, as a file or pushed, passes its verification", async () => {
  const { passed, output } = await verify(pactFile);
  assert.ok(passed, output);
  const provider = await startDrivemock({ preset: "filen" });
  try {
    const pushed = await provider.push(JSON.parse(fs.readFileSync(pactFile, "utf8")), { name: "from-pact" });
    assert.equal(pushed.name, "from-pact");
    const answer = await fetch(`${provider.url}/v3/dir/trash`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ uuid: A }),
    });
    assert.equal((await answer.json()).code, "dir_trashed");
  } finally {
    await provider.stop();
  }
});

test("the same SDK flow run again gives a byte-identical pact", async () => {
  const again = await startDrivemock({ preset: "filen", scenarios: scenario });
  let routed = null;
  try {
    // The SDK's routing is per process: from the consumer's drivemock to this one.
    await connection.disconnect();
    connection = null;
    routed = connectFilenSdk(again);
    const sdk = new FilenSDK(filenTestConfig());
    // The same calls, in another order: the pact is written in the order of what they are.
    await assert.rejects(sdk.cloud().changeDirectoryColor({ uuid: B, color: "blue" }), { code: "folder_not_found" });
    await sdk.cloud().changeDirectoryColor({ uuid: A, color: "red" });
    await sdk.cloud().trashDirectory({ uuid: A });
    await assert.rejects(sdk.cloud().trashDirectory({ uuid: A }), { code: "dir_already_trashed" });
    await sdk.cloud().changeDirectoryColor({ uuid: C, color: "green" });
    await sdk.cloud().trashDirectory({ uuid: C });
    const parties = { consumer: "archiver", provider: "drive" };
    assert.equal(JSON.stringify(await again.pact(parties)), JSON.stringify(await consumer.pact(parties)));
  } finally {
    await again.stop();
    await routed?.disconnect();
  }
});

const rustVerifier = (provider, extra = []) => rustVerify(pactFile, provider, extra);

/** Pact's stub server (pact-cli) serving `file`; resolves with its port once it listens. */
async function stubServer(file) {
  const stub = spawn(path.join(here, "node_modules/.bin/pact-stub-server"), ["--file", file, "--loglevel", "info"], {
    env: { ...process.env, PACT_DO_NOT_TRACK: "true", NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group: the npm launcher runs the server as a child
  });
  let output = "";
  const port = await new Promise((resolve, reject) => {
    const seen = (chunk) => {
      output += chunk;
      const started = output.match(/Server started on port (\d+)/);
      if (started) resolve(Number(started[1]));
    };
    stub.stdout.on("data", seen);
    stub.stderr.on("data", seen);
    stub.once("exit", (code) => reject(new Error(`pact-stub-server exited (${code}):\n${output}`)));
  });
  return { port, output: () => output, stop: () => process.kill(-stub.pid) };
}

test("Pact's stub server serving the pact answers a fresh run of the SDK's flows, its new lock uuids too", async () => {
  const stub = await stubServer(pactFile);
  // The SDK's routing is per process: from whichever drivemock to the stub server.
  await connection?.disconnect();
  connection = connectFilenSdk({ port: stub.port });
  try {
    const sdk = new FilenSDK(filenTestConfig());
    // trashDirectory takes a lock with a fresh random uuid: the pact's regex matches it.
    await sdk.cloud().trashDirectory({ uuid: C });
    await sdk.cloud().changeDirectoryColor({ uuid: A, color: "red" });
    await assert.rejects(sdk.cloud().changeDirectoryColor({ uuid: B, color: "blue" }), { code: "folder_not_found" });
  } finally {
    await connection.disconnect();
    connection = null;
    stub.stop();
  }
  assert.doesNotMatch(stub.output(), /No matching request|did not match/i, stub.output());
});

test("the Rust pact verifier passes the pact twice on one drivemock, in both state-change forms, its states set through the state-change URL", async () => {
  // A provider that has no directory until a state makes it, as the real
  // service: unknown uuids are rejected, so C's interaction passes only if
  // its provider state ("a directory exists") is set up.
  const rejecting = path.join(tmp, "rejecting.yaml");
  fs.writeFileSync(rejecting, `${fs.readFileSync(scenario, "utf8")}\nunknown_uuids: reject\n`);
  const provider = await startDrivemock({ preset: "filen", scenarios: rejecting });
  try {
    for (const form of [[], ["--state-change-as-query"], ["--state-change-teardown"]]) {
      // The second run finds the directories as the first left them (trashed):
      // it passes only if each interaction's state is put in place.
      for (let run = 1; run <= 2; ++run) {
        const { passed, output } = await rustVerifier(provider, form);
        assert.ok(passed, `${form.join(" ")} run ${run}:\n${output}`);
      }
    }
    // A scenario that answers otherwise fails it, naming the interaction.
    await provider.push(fs.readFileSync(scenario, "utf8").replace("Already in trash.", "Already in the bin."));
    const changed = await rustVerifier(provider);
    assert.ok(!changed.passed, changed.output);
    assert.match(changed.output, new RegExp(`trash ${A} in state trashed: 200 dir_already_trashed`));
  } finally {
    await provider.stop();
  }
});
