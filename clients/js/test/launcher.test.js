// `npx drivemock` (bin/drivemock.js): signals reach the binary, the launcher
// exits as the binary did, and a launcher killed outright leaves no
// drivemock behind to hold the port.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const { gone, eventually } = require("./helpers");

const LAUNCHER = path.resolve(__dirname, "../bin/drivemock.js");

/** Starts the launcher serving on a free port; resolves once the binary listens: {launcher, binaryPid}. */
async function launch() {
  const launcher = spawn(process.execPath, [LAUNCHER, "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  launcher.stdout.on("data", (d) => (output += d));
  launcher.stderr.on("data", (d) => (output += d));
  assert.ok(await eventually(() => /listening/i.test(output), 30000), `the binary did not listen; it said: ${output}`);
  const children = fs.readFileSync(`/proc/${launcher.pid}/task/${launcher.pid}/children`, "utf8").trim().split(/\s+/);
  assert.equal(children.length, 1, `one binary under the launcher, not ${children}`);
  return { launcher, binaryPid: Number(children[0]) };
}

const exited = (child) => new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  test(`${signal} to the launcher stops the binary, and the launcher exits as it did`, async () => {
    const { launcher, binaryPid } = await launch();
    const done = exited(launcher);
    launcher.kill(signal);
    const { code } = await done;
    assert.equal(code, 0, "drivemock stops cleanly on the signal, and the launcher says so");
    assert.ok(await eventually(() => gone(binaryPid), 30000), `binary ${binaryPid} is still running`);
  });
}

test("a launcher killed with SIGKILL leaves no drivemock behind", async () => {
  const { launcher, binaryPid } = await launch();
  const done = exited(launcher);
  launcher.kill("SIGKILL");
  await done;
  assert.ok(await eventually(() => gone(binaryPid), 30000), `binary ${binaryPid} outlived its launcher`);
});

test("the launcher knows npm's process by its title or its script, and nothing else for npm", () => {
  const { isNpm } = require("../lib/launcher-watch");
  for (const npm of [
    ["npm exec drivemock --port 0"], // npm 7+ titles itself
    ["npx", "drivemock"],
    ["node", "/usr/bin/npx", "drivemock"],
    ["/usr/bin/node", "/usr/share/nodejs/npm/bin/npm-cli.js", "exec", "drivemock"],
    ["node", "/home/u/.nvm/versions/node/v22/lib/node_modules/npm/bin/npx-cli.js", "drivemock"],
  ]) {
    assert.ok(isNpm(npm), npm.join(" "));
  }
  for (const other of [["sh", "-c", "'drivemock' --port 0"], ["node", "/app/npm-helper.js"], ["npmx"], ["node", "server.js", "npm"]]) {
    assert.ok(!isNpm(other), other.join(" "));
  }
});
