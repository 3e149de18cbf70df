// The scenario format's JSON Schema ships in the package, for editors
// (`# yaml-language-server: $schema=node_modules/drivemock/scenario.schema.json`),
// and is the one `drivemock schema` prints.
"use strict";

const assert = require("node:assert/strict");
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const { test } = require("node:test");
require("./helpers");

test("drivemock/scenario.schema.json is packed, resolves, and is what `drivemock schema` prints", () => {
  const manifest = require("../package.json");
  assert.ok(manifest.files.includes("scenario.schema.json"));
  const file = require.resolve("drivemock/scenario.schema.json");
  const shipped = fs.readFileSync(file, "utf8");
  assert.equal(JSON.parse(shipped).$schema, "https://json-schema.org/draft/2020-12/schema");
  assert.equal(execFileSync(process.env.DRIVEMOCK_BIN, ["schema"], { encoding: "utf8" }), shipped);
});
