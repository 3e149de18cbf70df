// drivemock/testcontainers without its optional peer: importing it says what
// to install (the module itself runs in make test-docker, against the image).
"use strict";

const assert = require("node:assert/strict");
const { test } = require("node:test");

test("drivemock/testcontainers without the testcontainers package says to install it", () => {
  assert.throws(() => require("../testcontainers"), (e) => {
    assert.equal(e.code, "missing_peer");
    assert.match(e.message, /npm install --save-dev testcontainers/);
    return true;
  });
});
