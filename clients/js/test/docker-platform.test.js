// Which image of drivemock's multi-architecture image drivemock/testcontainers
// asks for (lib/docker-platform.js): the engine's own architecture's.
"use strict";

const assert = require("node:assert/strict");
const { test } = require("node:test");
const { dockerPlatform } = require("../lib/docker-platform");

test("an engine on x86-64 gets linux/amd64 and one on arm64 linux/arm64, as docker info names them", () => {
  assert.equal(dockerPlatform("x86_64"), "linux/amd64");
  assert.equal(dockerPlatform("aarch64"), "linux/arm64");
  assert.equal(dockerPlatform("arm64"), "linux/arm64");
});

test("an architecture the image is not built for asks for none, and Docker says what it has", () => {
  assert.equal(dockerPlatform("s390x"), null);
  assert.equal(dockerPlatform(undefined), null);
});
