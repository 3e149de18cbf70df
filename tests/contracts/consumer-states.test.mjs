// A consumer team's own pact, made with Pact JS's mock server and its own
// provider-state names (no uuid in them), served by drivemock as scenarios
// and verified twice on one drivemock by both verifiers: each state is set
// through drivemock's state-change URL, which puts every uuid the pact's
// scenario scripts in that state. One request is in the pact in two states,
// answered differently in each.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PactV3 } from "@pact-foundation/pact";
import { startDrivemock } from "drivemock";
import { rustVerify, verifyTwice } from "./support.mjs";

const F = "5d0c1a7e-0000-4000-8000-0000000000f1";
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "drivemock-consumer-states-"));
const pactFile = path.join(tmp, "trash-app-drive.json");

const json = { "Content-Type": "application/json" };
const trash = { method: "POST", path: "/v3/dir/trash", headers: json, body: { uuid: F } };

before(async () => {
  const pact = new PactV3({ consumer: "trash-app", provider: "drive", dir: tmp, logLevel: "error" });
  pact
    .given("the folder is in the trash")
    .uponReceiving("trashing a folder already in the trash")
    .withRequest(trash)
    .willRespondWith({ status: 200, headers: json, body: { status: false, message: "Already in trash.", code: "dir_already_trashed" } });
  pact
    .given("the folder exists")
    .uponReceiving("trashing a folder")
    .withRequest(trash)
    .willRespondWith({ status: 200, headers: json, body: { status: true, message: "Directory moved to trash.", code: "dir_trashed" } });
  // The consumer's test: its app's calls against Pact's mock server.
  await pact.executeTest(async (mock) => {
    for (let i = 0; i < 2; ++i) {
      const answer = await fetch(`${mock.url}/v3/dir/trash`, { method: "POST", headers: json, body: JSON.stringify({ uuid: F }) });
      assert.equal(answer.status, 200);
    }
  });
  assert.ok(fs.existsSync(pactFile), `Pact wrote no ${pactFile}`);
});
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

test("Pact JS's verifier passes the consumer's pact twice on one drivemock serving it, its own state names set by name", async () => {
  const { passed, output } = await verifyTwice(pactFile, pactFile);
  assert.ok(passed, output);
});

test("the Rust pact verifier passes it twice too, in the body and the query forms", async () => {
  const provider = await startDrivemock({ preset: "filen", scenarios: pactFile });
  try {
    for (const form of [[], ["--state-change-as-query"]]) {
      for (let run = 1; run <= 2; ++run) {
        const { passed, output } = await rustVerify(pactFile, provider, form);
        assert.ok(passed, `${form.join(" ")} run ${run}:\n${output}`);
      }
    }
    // A state the scenarios do not script fails loudly, naming what to do.
    const refused = await provider.providerState("the folder is shared").catch((e) => e);
    assert.match(String(refused.message), /no scenario scripts a directory in that state/);
  } finally {
    await provider.stop();
  }
});
