// make npm's two packages (scripts/npm-packages.mjs), made from this build's
// portable binary, installed into a fresh project from their tarballs as a
// user installs them, with no drivemock anywhere else: `npx drivemock` and
// startDrivemock() find the platform package's binary; without that package
// the launcher says what it looked for instead of starting itself.
// With DRIVEMOCK_PORTABLE_ARM64 (make test-arm64: the arm64 binary, run for
// its version under DRIVEMOCK_RUN_ARM64), make npm writes the arm64 package
// too, and the install on this x86-64 machine leaves it out by its `cpu`.
// Usage: DRIVEMOCK_PORTABLE=… [DRIVEMOCK_PORTABLE_ARM64=…] node --test tests/npm/packages.test.mjs
import assert from "node:assert/strict";
import { execFile, execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startLocalRegistry } from "./local-registry.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const binary = process.env.DRIVEMOCK_PORTABLE;
assert.ok(binary, "DRIVEMOCK_PORTABLE must name the portable binary");
const arm64Binary = process.env.DRIVEMOCK_PORTABLE_ARM64;
const version = execFileSync(binary, ["--version"], { encoding: "utf8" }).trim();

const work = fs.mkdtempSync(path.join(os.tmpdir(), "drivemock-npm-test-"));
process.on("exit", () => fs.rmSync(work, { recursive: true, force: true }));
const out = path.join(work, "npm");
const project = path.join(work, "project");
const platformTgz = path.join(out, `drivemock-linux-x64-gnu-${version}.tgz`);
const jsTgz = path.join(out, `drivemock-${version}.tgz`);
const arm64Tgz = path.join(out, `drivemock-linux-arm64-gnu-${version}.tgz`);
const platformNames = arm64Binary ? ["drivemock-linux-x64-gnu", "drivemock-linux-arm64-gnu"] : ["drivemock-linux-x64-gnu"];
// A PATH with node and npm and nothing of drivemock's.
const nodeOnlyPath = path.dirname(process.execPath);
const bin = path.join(project, "node_modules/.bin/drivemock");

function run(command, args, options = {}) {
  return spawnSync(command, args, { cwd: project, encoding: "utf8", timeout: 60_000, ...options });
}

function manifestIn(tgz) {
  return JSON.parse(execFileSync("tar", ["-xzOf", tgz, "package/package.json"], { encoding: "utf8" }));
}

/** What the notices must list for a binary: [Debian package, licence]. */
function noticesLibraries(cross) {
  return [
    [cross ? "gcc-12-cross (libstdc++-12-dev-arm64-cross" : "gcc-12 (libstdc++-12-dev", "GPL-3.0-or-later WITH GCC-exception-3.1"],
    [cross ? "gcc-12-cross (libgcc-12-dev-arm64-cross" : "gcc-12 (libgcc-12-dev", "GPL-3.0-or-later WITH GCC-exception-3.1"],
    ["openssl (libssl-dev", "Apache-2.0"],
    ["yaml-cpp (libyaml-cpp-dev", "MIT"],
    ["cpp-httplib (libcpp-httplib-dev", "MIT"],
    ["brotli (libbrotli-dev", "MIT"],
    ["zlib (zlib1g-dev", "Zlib"],
  ];
}

function assertNotices(tgz, cross) {
  const notices = execFileSync("tar", ["-xzOf", tgz, "package/THIRD-PARTY-NOTICES"], { encoding: "utf8" });
  for (const [library, licence] of noticesLibraries(cross)) {
    const literal = (text) => text.replace(/[()+.]/g, "\\$&");
    assert.match(notices, new RegExp(`^- ${literal(library)} [^)]*\\): ${literal(licence)}`, "m"));
  }
  assert.match(notices, /Upstream-Name: yaml-cpp/, "Debian's copyright files follow, whole");
}

test("make npm packs this machine's platform package alone, without the cross build; make npm-all adds arm64", () => {
  const recipe = (target) => execFileSync("make", ["-n", "--no-print-directory", "-C", root, target], { encoding: "utf8" });
  const npm = recipe("npm");
  assert.match(npm, /npm-packages\.mjs build\/npm build\/release\/src\/drivemock-portable\n/);
  assert.doesNotMatch(npm, /arm64/, "make npm builds no cross tree");
  const all = recipe("npm-all");
  assert.match(all, /build\/arm64/);
  assert.match(all, /npm-packages\.mjs build\/npm \\\n\s*build\/release\/src\/drivemock-portable build\/arm64\/src\/drivemock-portable/);
});

test("make npm writes the JS package and the platform packages at the binary's version", () => {
  execFileSync(process.execPath, [path.join(root, "scripts/npm-packages.mjs"), out, binary, ...(arm64Binary ? [arm64Binary] : [])], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const platform = manifestIn(platformTgz);
  assert.equal(platform.name, "drivemock-linux-x64-gnu");
  assert.equal(platform.version, version);
  assert.deepEqual([platform.os, platform.cpu, platform.libc], [["linux"], ["x64"], ["glibc"]]);
  assert.equal(platform.license, "Apache-2.0");
  assert.equal(platform.scripts, undefined, "no install scripts: npm installs it by os/cpu/libc alone");
  const js = manifestIn(jsTgz);
  assert.equal(js.license, "Apache-2.0");
  assert.equal(js.version, version);
  assert.deepEqual(js.optionalDependencies, Object.fromEntries(platformNames.map((name) => [name, version])));
  assert.deepEqual(platform.drivemock, { glibc: "2.34" }, "the glibc floor read off the binary, for the launcher");
  assert.deepEqual(js.bin, { drivemock: "bin/drivemock.js" });
  assert.equal(js.scripts, undefined);
  assert.equal(js.devDependencies, undefined);
  const files = execFileSync("tar", ["-tzf", platformTgz], { encoding: "utf8" });
  assert.match(files, /^package\/bin\/drivemock$/m);
  // The licences: the project's in both, and what the binary links statically.
  for (const tgz of [platformTgz, jsTgz]) {
    const text = execFileSync("tar", ["-xzOf", tgz, "package/LICENSE"], { encoding: "utf8" });
    assert.match(text, /Apache License\s+Version 2\.0, January 2004/);
  }
  assertNotices(platformTgz, false);
  const mode = execFileSync("tar", ["-tvzf", platformTgz, "package/bin/drivemock"], { encoding: "utf8" });
  assert.match(mode, /^-rwxr-xr-x/, "the binary is executable as packed");
});

test("the arm64 package: its binary for arm64 alone, its glibc floor, its licences", { skip: !arm64Binary && "no DRIVEMOCK_PORTABLE_ARM64 (make test-arm64 gives it)" }, () => {
  const arm = manifestIn(arm64Tgz);
  assert.equal(arm.name, "drivemock-linux-arm64-gnu");
  assert.equal(arm.version, version);
  assert.deepEqual([arm.os, arm.cpu, arm.libc], [["linux"], ["arm64"], ["glibc"]]);
  assert.deepEqual(arm.drivemock, { glibc: "2.34" });
  assert.equal(arm.license, "Apache-2.0");
  assert.equal(arm.scripts, undefined);
  const extracted = path.join(work, "arm64-package");
  fs.mkdirSync(extracted);
  execFileSync("tar", ["-xzf", arm64Tgz, "-C", extracted]);
  const header = execFileSync("readelf", ["-hW", path.join(extracted, "package/bin/drivemock")], { encoding: "utf8" });
  assert.match(header, /Machine:\s+AArch64/);
  assert.doesNotMatch(execFileSync("readelf", ["-SW", path.join(extracted, "package/bin/drivemock")], { encoding: "utf8" }), /\.symtab/, "stripped");
  assertNotices(arm64Tgz, true);
});

test("the packages install into an empty project from a registry of their tarballs alone, and npx drivemock runs the platform binary", async () => {
  fs.mkdirSync(project, { recursive: true });
  // The tarballs served as the npm registry serves packages, so that npm
  // resolves `drivemock` and chooses among its optional platform packages by
  // os and cpu as a user's npm does: the arm64 one is left out on x86-64.
  const registry = await startLocalRegistry([jsTgz, platformTgz, ...(arm64Binary ? [arm64Tgz] : [])]);
  fs.writeFileSync(
    path.join(project, "package.json"),
    JSON.stringify({ name: "app", private: true, dependencies: { drivemock: version } }),
  );
  try {
    // Its own cache: nothing comes from a cache of earlier runs.
    await promisify(execFile)("npm", ["install", "--registry", registry.url, "--cache", path.join(work, "npm-cache"),
      "--no-audit", "--no-fund"], { cwd: project, timeout: 120_000, env: { ...process.env, npm_config_noproxy: "127.0.0.1" } });
  } catch (e) {
    assert.fail(`npm install failed: ${e.stderr || e.message}`);
  } finally {
    await registry.close();
  }
  // npm looks the optional peers up (a 404 here), and installs none of them.
  const peers = Object.keys(manifestIn(jsTgz).peerDependenciesMeta ?? {});
  for (const name of registry.requested.filter((n) => !n.startsWith("drivemock"))) {
    assert.ok(peers.includes(name), `npm asked for ${name}, which is no optional peer of drivemock`);
    assert.ok(!fs.existsSync(path.join(project, "node_modules", name)), `npm installed the optional peer ${name}`);
  }
  assert.ok(fs.existsSync(path.join(project, "node_modules/drivemock-linux-x64-gnu/bin/drivemock")));
  if (arm64Binary) {
    assert.ok(!fs.existsSync(path.join(project, "node_modules/drivemock-linux-arm64-gnu")), "npm installed the arm64 package on x86-64");
  }
  const env = { ...process.env, PATH: `${path.dirname(bin)}:${nodeOnlyPath}`, DRIVEMOCK_BIN: "" };
  const npx = run("npm", ["exec", "--offline", "--", "drivemock", "--version"], { env });
  assert.equal(npx.status, 0, npx.stderr);
  assert.equal(npx.stdout.trim(), version);
});

test("startDrivemock() in that project starts the platform package's binary", () => {
  const script = `
    const { startDrivemock } = require("drivemock");
    const fs = require("node:fs");
    (async () => {
      const mock = await startDrivemock({ preset: "filen" });
      const answer = await fetch(mock.url + "/v3/dir/trash", {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ uuid: "6f1c7e0a-0000-4000-8000-00000000d0c1" }),
      });
      console.log(JSON.stringify({ exe: fs.realpathSync("/proc/" + mock.process.pid + "/exe"), status: answer.status }));
      await mock.stop();
    })().catch((e) => { console.error(e); process.exit(1); });`;
  const env = { ...process.env, PATH: nodeOnlyPath, DRIVEMOCK_BIN: "" };
  const started = run(process.execPath, ["-e", script], { env });
  assert.equal(started.status, 0, started.stderr);
  const { exe, status } = JSON.parse(started.stdout);
  assert.equal(exe, fs.realpathSync(path.join(project, "node_modules/drivemock-linux-x64-gnu/bin/drivemock")));
  assert.equal(status, 200);
});

test("the installed package's README and the pages it links work there: every relative link resolves inside it", () => {
  const pkg = path.join(project, "node_modules/drivemock");
  const pages = ["README.md", ...fs.readdirSync(path.join(pkg, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
  const broken = [];
  for (const page of pages) {
    const text = fs.readFileSync(path.join(pkg, page), "utf8");
    for (const [, target] of text.matchAll(/\]\((?!https?:|mailto:|#)([^)\s#]+)/g)) {
      const resolved = path.resolve(path.dirname(path.join(pkg, page)), target);
      if (!resolved.startsWith(pkg + path.sep) || !fs.existsSync(resolved)) broken.push(`${page}: ${target}`);
    }
  }
  assert.deepEqual(broken, []);
  assert.match(fs.readFileSync(path.join(pkg, "README.md"), "utf8"), /\]\(docs\/javascript\.md/);
});

/** The processes below `pid`, from /proc. */
function descendants(pid) {
  const found = [];
  for (const entry of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) {
        found.push(Number(entry), ...descendants(Number(entry)));
      }
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The command name of each of `pids` still running, after waiting up to 10 s for them to end. */
async function survivors(pids) {
  for (let i = 0; i < 100 && pids.some(alive); i += 1) await new Promise((r) => setTimeout(r, 100));
  return pids.filter(alive).map((pid) => {
    try {
      return `${pid} ${fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim()}`;
    } catch {
      return `${pid}`;
    }
  });
}

for (const [what, command, args, signal] of [
  ["SIGTERM to npx", "npm", ["exec", "--offline", "--", "drivemock", "--port", "0"], "SIGTERM"],
  ["the process that ran npx killed", "sh", ["-c", "npm exec --offline -- drivemock --port 0 & wait"], "SIGKILL"],
]) {
  test(`npx drivemock stopped (${what}) leaves no launcher and no binary behind`, async () => {
    const env = { ...process.env, PATH: `${path.dirname(bin)}:${nodeOnlyPath}`, DRIVEMOCK_BIN: "" };
    const top = spawn(command, args, { cwd: project, env, stdio: ["ignore", "pipe", "pipe"] });
    let said = "";
    for (const stream of [top.stdout, top.stderr]) stream.on("data", (d) => (said += d));
    for (let i = 0; i < 300 && !/listening on/.test(said); i += 1) await new Promise((r) => setTimeout(r, 100));
    assert.match(said, /listening on/);
    const below = descendants(top.pid);
    assert.ok(below.some((pid) => fs.realpathSync(`/proc/${pid}/exe`).endsWith("/bin/drivemock")), "the binary runs below npx");
    process.kill(top.pid, signal);
    assert.deepEqual(await survivors([top.pid, ...below]), []);
  });
}

test("without the platform package the launcher names what it looked for, and never starts itself", () => {
  fs.rmSync(path.join(project, "node_modules/drivemock-linux-x64-gnu"), { recursive: true });
  // node_modules/.bin first on PATH, as inside npm scripts and npx: the first
  // `drivemock` there is the launcher itself.
  const env = { ...process.env, PATH: `${path.dirname(bin)}:${nodeOnlyPath}`, DRIVEMOCK_BIN: "" };
  const launched = run(bin, ["--version"], { env });
  assert.equal(launched.status, 127, launched.stderr);
  assert.match(launched.stderr, /no drivemock binary for linux-x64-gnu \(glibc [\d.]+\)/);
  assert.match(launched.stderr, /the package drivemock-linux-x64-gnu is not installed/);
  assert.match(launched.stderr, /--omit=optional/);
  assert.match(launched.stderr, /container image.*Debian package.*make build/);
  assert.doesNotMatch(launched.stderr, /started by the launcher/, "the search took the launcher for the binary");

  const named = run(bin, ["--version"], { env: { ...env, DRIVEMOCK_BIN: bin } });
  assert.equal(named.status, 127);
  assert.match(named.stderr, /is drivemock's npm launcher, not the drivemock binary/);

  // The last guard, should a search ever take a launcher: the second link stops.
  const chained = run(bin, ["--version"], { env: { ...env, DRIVEMOCK_LAUNCHED_BY: "/elsewhere/drivemock.js" } });
  assert.equal(chained.status, 127);
  assert.match(chained.stderr, /started by the launcher \/elsewhere\/drivemock\.js/);
});
