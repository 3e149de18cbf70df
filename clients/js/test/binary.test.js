// Which binary startDrivemock and `npx drivemock` start (lib/binary.js): the
// order, the platform package, and what the error says when nothing fits.
"use strict";

const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { test } = require("node:test");
const { tempDir } = require("./helpers");
const { findBinary } = require("../lib/binary");

/** An executable file at dir/name (a stand-in binary, or a launcher with `text`). */
function executableAt(dir, name, text = "\x7fELF stand-in") {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.chmodSync(file, 0o755);
  return file;
}

/**
 * A platform package folder and a resolver that finds it, as require.resolve
 * would; `manifest` is its package.json (make npm writes the glibc floor there).
 */
function platformPackage(root, name = "drivemock-linux-x64-gnu", manifest = {}) {
  const dir = path.join(root, "node_modules", name);
  const file = executableAt(dir, "bin/drivemock");
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(manifest));
  const resolve = (request) => {
    if (request !== `${name}/package.json`) throw new Error(`unexpected ${request}`);
    return path.join(dir, "package.json");
  };
  return { file, resolve };
}

const none = () => {
  throw Object.assign(new Error("not found"), { code: "MODULE_NOT_FOUND" });
};
const linux = { key: "linux-x64-gnu", glibc: "2.36" };

test("bin, then DRIVEMOCK_BIN, then the platform package, then PATH", () => {
  const root = tempDir();
  const given = executableAt(root, "given/drivemock");
  const fromEnv = executableAt(root, "env/drivemock");
  const onPath = executableAt(root, "path/drivemock");
  const { file, resolve } = platformPackage(root);
  const context = (env) => ({ env: { PATH: path.dirname(onPath), ...env }, platform: linux, resolve });
  assert.equal(findBinary(given, context({ DRIVEMOCK_BIN: fromEnv })), given);
  assert.equal(findBinary(undefined, context({ DRIVEMOCK_BIN: fromEnv })), fromEnv);
  assert.equal(findBinary(undefined, context({})), file);
  assert.equal(findBinary(undefined, { ...context({}), resolve: none }), onPath);
});

test("a launcher on PATH is passed over for the binary after it", () => {
  const root = tempDir();
  const launcher = path.join(__dirname, "../bin/drivemock.js");
  fs.mkdirSync(path.join(root, "bin"));
  fs.symlinkSync(launcher, path.join(root, "bin/drivemock"));
  const real = executableAt(root, "later/drivemock");
  const env = { PATH: `${path.join(root, "bin")}:${path.dirname(real)}` };
  assert.equal(findBinary(undefined, { env, platform: linux, resolve: none }), real);
});

test("nothing found: the error names the platform, the package and the other ways", () => {
  const env = { PATH: "/nonexistent" };
  assert.throws(() => findBinary(undefined, { env, platform: linux, resolve: none }), (e) => {
    assert.equal(e.code, "binary_not_found");
    assert.match(e.message, /^no drivemock binary for linux-x64-gnu \(glibc 2\.36\): the package drivemock-linux-x64-gnu is not installed/);
    assert.match(e.message, /--omit=optional/);
    assert.match(e.message, /container image .*Debian package.*make build/);
    return true;
  });
  const mac = { key: "darwin-arm64", glibc: null };
  assert.throws(() => findBinary(undefined, { env, platform: mac, resolve: none }), (e) => {
    assert.match(e.message, /^no drivemock binary for darwin-arm64: the package drivemock-darwin-arm64 is not installed/);
    assert.match(e.message, /brings a binary for linux-x64-gnu and linux-arm64-gnu \(glibc 2\.34 or later\)/);
    assert.match(e.message, /optional dependencies drivemock-linux-x64-gnu and drivemock-linux-arm64-gnu/);
    return true;
  });
  const musl = { key: "linux-arm64-musl", glibc: null };
  assert.throws(() => findBinary(undefined, { env, platform: musl, resolve: none }), (e) => {
    assert.match(e.message, /^no drivemock binary for linux-arm64-musl: the package drivemock-linux-arm64-musl is not installed/);
    assert.match(e.message, /container image/);
    return true;
  });
});

test("on arm64 Linux the arm64 platform package is the one looked for and started", () => {
  const { file, resolve } = platformPackage(tempDir(), "drivemock-linux-arm64-gnu", { drivemock: { glibc: "2.34" } });
  const arm = { key: "linux-arm64-gnu", glibc: "2.36" };
  assert.equal(findBinary(undefined, { env: { PATH: "" }, platform: arm, resolve }), file);
  // The x86-64 package is never taken for it, even where it is the one installed.
  const x64 = platformPackage(tempDir());
  assert.throws(() => findBinary(undefined, { env: { PATH: "" }, platform: arm, resolve: x64.resolve }), (e) => {
    assert.match(e.message, /^no drivemock binary for linux-arm64-gnu \(glibc 2\.36\): the package drivemock-linux-arm64-gnu is not installed/);
    return true;
  });
});

test("a glibc older than 2.34 is told so rather than started into a loader error", () => {
  const { resolve } = platformPackage(tempDir());
  const old = { key: "linux-x64-gnu", glibc: "2.31" };
  assert.throws(() => findBinary(undefined, { env: { PATH: "" }, platform: old, resolve }), (e) => {
    assert.match(e.message, /drivemock-linux-x64-gnu needs glibc 2\.34 or later; this machine has 2\.31/);
    return true;
  });
});

test("a binary whose glibc floor (its package's manifest) is newer than the machine's is refused with both versions", () => {
  const { resolve } = platformPackage(tempDir(), "drivemock-linux-arm64-gnu", { drivemock: { glibc: "2.39" } });
  const arm = { key: "linux-arm64-gnu", glibc: "2.36" };
  assert.throws(() => findBinary(undefined, { env: { PATH: "" }, platform: arm, resolve }), (e) => {
    assert.equal(e.code, "binary_not_found");
    assert.match(e.message, /drivemock-linux-arm64-gnu needs glibc 2\.39 or later; this machine has 2\.36/);
    return true;
  });
});
