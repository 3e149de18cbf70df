// Which drivemock executable to start: `bin`, else DRIVEMOCK_BIN, else the
// installed platform package (drivemock-linux-x64-gnu or
// drivemock-linux-arm64-gnu, optional dependencies of which npm installs the
// one that fits), else `drivemock` on PATH.
//
// A launcher (this package's bin/drivemock.js, which `npx drivemock` runs) is
// never taken for the binary: node_modules/.bin is on PATH inside npm
// scripts and npx, and a launcher that started the first `drivemock` it
// found on PATH would start itself, again and again.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const { DrivemockError } = require("./errors");

/** The mark in the first bytes of every drivemock launcher script. */
const LAUNCHER_MARK = "drivemock-launcher";
/**
 * The oldest glibc the platform packages' binaries run on (docs/development.md);
 * each package's manifest says its own (`drivemock.glibc`, read off the
 * binary when it was packed), which is what the machine is held to.
 */
const OLDEST_GLIBC = [2, 34];

const OTHER_WAYS =
  "other ways to get drivemock: the container image (drivemock/testcontainers, docs/docker.md), " +
  "the Debian package (make deb in drivemock's repository, then apt install ./build/deb/drivemock_*.deb), " +
  "or a build from source (make build) passed as {bin: '/path/to/drivemock'} or DRIVEMOCK_BIN";

let thisMachine = null;

/**
 * This machine as the platform packages name it: {key, glibc}. Read once per
 * process: Node's diagnostic report, the one place that tells glibc's version,
 * takes about 10 ms to make.
 */
function currentPlatform(proc = process) {
  if (proc === process && thisMachine) return thisMachine;
  let glibc = null;
  if (proc.platform === "linux") {
    const header = proc.report?.getReport?.().header ?? {};
    glibc = header.glibcVersionRuntime ?? null;
  }
  const libc = proc.platform !== "linux" ? null : glibc ? "gnu" : "musl";
  const key = [proc.platform, proc.arch, libc].filter(Boolean).join("-");
  const platform = { key, glibc };
  if (proc === process) thisMachine = platform;
  return platform;
}

/** The platform packages this package ships a binary in, by platform key. */
const PLATFORM_PACKAGES = {
  "linux-x64-gnu": "drivemock-linux-x64-gnu",
  "linux-arm64-gnu": "drivemock-linux-arm64-gnu",
};

function packageFor(platform) {
  return PLATFORM_PACKAGES[platform.key] ?? `drivemock-${platform.key}`;
}

function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function executable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return isFile(file);
  } catch {
    return false;
  }
}

/** Whether the file is a drivemock launcher script rather than a binary. */
function isLauncher(file) {
  let fd;
  try {
    fd = fs.openSync(file, "r");
    const head = Buffer.alloc(512);
    const read = fs.readSync(fd, head, 0, head.length, 0);
    const text = head.subarray(0, read).toString("latin1");
    return text.startsWith("#!") && text.includes(LAUNCHER_MARK);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

function olderThan(version, oldest) {
  const [major, minor] = String(version).split(".").map(Number);
  return major < oldest[0] || (major === oldest[0] && minor < oldest[1]);
}

/** The glibc a platform package's binary needs, from its manifest: [major, minor]. */
function glibcFloor(manifestPath) {
  try {
    const floor = JSON.parse(fs.readFileSync(manifestPath, "utf8")).drivemock?.glibc;
    const parts = String(floor).split(".").map(Number);
    if (parts.length === 2 && parts.every(Number.isInteger)) return parts;
  } catch {
    // an unreadable manifest: the floor every platform package has
  }
  return OLDEST_GLIBC;
}

/** The platform package's binary: {file} when installed, else {missing: why}. */
function fromPlatformPackage(platform, resolve) {
  const name = packageFor(platform);
  let manifest;
  try {
    manifest = resolve(`${name}/package.json`);
  } catch {
    return { missing: `the package ${name} is not installed` };
  }
  const file = path.join(path.dirname(manifest), "bin", "drivemock");
  if (!isFile(file)) return { missing: `${name} has no bin/drivemock` };
  if (!executable(file)) return { missing: `${file} is not executable (chmod +x it)` };
  const floor = glibcFloor(manifest);
  if (platform.glibc && olderThan(platform.glibc, floor)) {
    return { missing: `${name} needs glibc ${floor.join(".")} or later; this machine has ${platform.glibc}` };
  }
  return { file };
}

function notFound(message) {
  return new DrivemockError(message, { code: "binary_not_found" });
}

/**
 * The executable's path; throws a DrivemockError that names the platform, the
 * package looked for and the other ways to get a binary.
 * @param {string} [bin] the `bin` option
 * @param {object} [context] {env, platform, resolve} (tests pass their own)
 */
function findBinary(bin, context = {}) {
  const env = context.env ?? process.env;
  const given = bin || env.DRIVEMOCK_BIN;
  if (given) {
    const from = bin ? "{bin}" : "DRIVEMOCK_BIN";
    if (!executable(given)) throw notFound(`drivemock binary ${given} (from ${from}) is not an executable file`);
    if (isLauncher(given)) {
      throw notFound(`${given} (from ${from}) is drivemock's npm launcher, not the drivemock binary; ${OTHER_WAYS}`);
    }
    return given;
  }
  const platform = context.platform ?? currentPlatform();
  const resolve = context.resolve ?? ((request) => require.resolve(request, { paths: [__dirname] }));
  const installed = fromPlatformPackage(platform, resolve);
  if (installed.file) return installed.file;
  for (const dir of (env.PATH || "").split(path.delimiter)) {
    const candidate = dir && path.join(dir, "drivemock");
    if (candidate && executable(candidate) && !isLauncher(candidate)) return candidate;
  }
  const supported = Object.keys(PLATFORM_PACKAGES).join(" and ");
  const glibc = platform.glibc ? ` (glibc ${platform.glibc})` : "";
  throw notFound(
    `no drivemock binary for ${platform.key}${glibc}: ${installed.missing}, ` +
      `no {bin} or DRIVEMOCK_BIN was given, and no drivemock binary is on PATH. ` +
      `The npm package brings a binary for ${supported} (glibc ${OLDEST_GLIBC.join(".")} or later) ` +
      `through its optional dependencies ${Object.values(PLATFORM_PACKAGES).join(" and ")}; an install with ` +
      `--omit=optional (or --no-optional) leaves them out. ${OTHER_WAYS}`,
  );
}

module.exports = { findBinary, currentPlatform, isLauncher, LAUNCHER_MARK };
