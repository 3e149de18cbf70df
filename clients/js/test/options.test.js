// Misspelt options are errors that name the option meant: ignored, they
// would leave the default the test meant to change, and the test green.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { startDrivemock, attachDrivemock, DrivemockError } = require("drivemock");
const { connectFilenSdk } = require("drivemock/filen");
const { runNodeTests } = require("drivemock/node-test");

/** Asserts that `run` throws or rejects with invalid_options naming `wrong` and `meant`. */
async function refuses(run, wrong, meant) {
  await assert.rejects(
    async () => run(),
    (e) => {
      assert.ok(e instanceof DrivemockError, String(e));
      assert.equal(e.code, "invalid_options");
      assert.match(e.message, new RegExp(`unknown option '${wrong}'; did you mean '${meant}'\\?`));
      return true;
    },
  );
}

test("startDrivemock names the option a misspelt one meant, before starting anything", async () => {
  await refuses(() => startDrivemock({ presets: "filen" }), "presets", "preset");
  await refuses(() => startDrivemock({ requiresession: true }), "requiresession", "requireSession");
  await refuses(() => startDrivemock({ scenario: "x.yaml" }), "scenario", "scenarios");
});

test("attachDrivemock, connectFilenSdk and runNodeTests name theirs too", async () => {
  await refuses(() => attachDrivemock("http://127.0.0.1:1", { admintoken: "t" }), "admintoken", "adminToken");
  await refuses(() => connectFilenSdk({ port: 1 }, { maxRetrys: 1 }), "maxRetrys", "maxRetries");
  await refuses(() => runNodeTests({ drivemok: {} }), "drivemok", "drivemock");
  await refuses(() => runNodeTests({ drivemock: { seeds: 1 } }), "seeds", "seed");
});

test("the Vitest helpers name theirs", async () => {
  const { drivemockGlobalSetup } = await import("drivemock/vitest/setup");
  await refuses(() => drivemockGlobalSetup({ dialct: "service" }), "dialct", "dialect");
});

test("a misspelt filter member or option of an admin call is an error, not a call that matches everything", async (t) => {
  const mock = await startDrivemock();
  t.after(() => mock.stop());
  const session = await mock.session("options");
  for (const scope of [mock, session]) {
    // requests({ operaton }) returned [] (or every entry), silently.
    await refuses(() => scope.requests({ operaton: "trash" }), "operaton", "operation");
    await refuses(() => scope.find({ uuidd: "d1" }), "uuidd", "uuid");
    await refuses(() => scope.count({ metod: "POST" }), "metod", "method");
    await refuses(() => scope.waitFor({ opration: "trash" }), "opration", "operation");
    await refuses(() => scope.waitFor({ uuid: "d1" }, { timeout: 10 }), "timeout", "timeoutMs");
    await refuses(() => scope.verifyOrder([{ uuid: "d1" }, { operatio: "trash" }]), "operatio", "operation");
    await refuses(() => scope.push("directories: {}", { dryrun: true }), "dryrun", "dryRun");
    await refuses(() => scope.push("directories: {}", { failonwarnings: true }), "failonwarnings", "failOnWarnings");
    await refuses(() => scope.setState("d1", "locked", { restrat: true }), "restrat", "restart");
    await refuses(() => scope.pact({ consumer: "c", provder: "p" }), "provder", "provider");
  }
  await refuses(() => mock.reset({ sead: 1 }), "sead", "seed");
});

test("filenTestConfig names a misspelt member of the SDK's config, which the SDK would ignore", async () => {
  const { filenTestConfig } = require("drivemock/filen");
  await refuses(() => filenTestConfig({ apikey: "k" }, { routedElsewhere: true }), "apikey", "apiKey");
  await refuses(() => filenTestConfig({ userID: 1 }, { routedElsewhere: true }), "userID", "userId");
  assert.equal(filenTestConfig({ apiKey: "k" }, { routedElsewhere: true }).apiKey, "k");
});

test("waitFor's default wait ends under Jest's and Vitest's 5 s test time-out, saying what it waited for", async (t) => {
  const { WAIT_MS } = require("../lib/scoped");
  assert.ok(WAIT_MS < 5000, `${WAIT_MS}`);
  const mock = await startDrivemock();
  t.after(() => mock.stop());
  await assert.rejects(mock.waitFor({ uuid: "never", operation: "trash" }), (e) => {
    assert.equal(e.code, "timeout");
    assert.match(e.message, /^waited 3000 ms for 1 request\(s\) matching \{"uuid":"never","operation":"trash"\}; 0 came/);
    return true;
  });
});

test("an option with no near name is listed with the function's options", async () => {
  await assert.rejects(startDrivemock({ colour: "red" }), (e) => {
    assert.equal(e.code, "invalid_options");
    assert.match(e.message, /unknown option 'colour' \(its options: port, host, /);
    return true;
  });
});

test("a builder's misspelt with… method names the one meant, and a chain stays guarded (DrivemockContainer's)", () => {
  const { guardBuilder } = require("../lib/builder-names");
  class Base {
    withExposedPorts() {
      return this;
    }
  }
  class Container extends Base {
    #dialect = null;
    withDialect(d) {
      this.#dialect = d;
      return this;
    }
    get dialect() {
      return this.#dialect;
    }
  }
  const c = guardBuilder(new Container(), "DrivemockContainer");
  assert.equal(c.withDialect("service").withExposedPorts(8080).dialect, "service");
  for (const [wrong, right] of [["withDialet", "withDialect"], ["withExposedPort", "withExposedPorts"]]) {
    assert.throws(() => c.withDialect("service")[wrong]("x"), (e) => {
      assert.equal(e.code, "invalid_options");
      assert.match(e.message, new RegExp(`DrivemockContainer has no method ${wrong}; did you mean ${right}\\?`));
      return true;
    });
  }
});
