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
