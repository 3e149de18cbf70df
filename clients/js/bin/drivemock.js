#!/usr/bin/env node
// drivemock-launcher: what `npx drivemock …` (node_modules/.bin/drivemock)
// runs. It starts the binary the package finds (lib/binary.js: DRIVEMOCK_BIN,
// the platform package, then drivemock on PATH, never a launcher like this
// one) with the same arguments, standard streams and signals, and exits as it
// exits. The mark above is how lib/binary.js tells a launcher from a binary.
"use strict";

const { spawn } = require("node:child_process");
const { findBinary } = require("../lib/binary");
const { watchedProcesses, whenAnyEnds } = require("../lib/launcher-watch");

// Set for the binary's environment: a launcher that finds it set was started
// by a launcher, which a broken search (a launcher taken for the binary)
// would do again and again. It stops the chain at the second link.
const STARTED_BY = "DRIVEMOCK_LAUNCHED_BY";

function fail(message) {
  process.stderr.write(`drivemock: ${message}\n`);
  process.exit(127);
}

if (process.env[STARTED_BY]) {
  fail(`started by the launcher ${process.env[STARTED_BY]}, which took a launcher for the drivemock binary`);
}

let bin;
try {
  bin = findBinary(undefined);
} catch (e) {
  fail(e.message);
}

// The binary ends with this launcher however it ends (a SIGKILL cannot be
// passed on): --exit-with-parent, first, where every subcommand takes it.
const args = process.argv.slice(2);
if (!args.includes("--exit-with-parent")) args.unshift("--exit-with-parent");
const child = spawn(bin, args, {
  stdio: "inherit",
  env: { ...process.env, [STARTED_BY]: __filename },
});
// Ctrl-C reaches the whole foreground group, drivemock too; a signal sent to
// this process alone (a test runner's kill) is passed on.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}
// npm (npx, npm exec) stopped, or the process that ran it gone: the binary
// is stopped too (lib/launcher-watch.js), unless DRIVEMOCK_KEEP_RUNNING asks
// it to outlive them (a script that starts it in the background and ends).
if (!process.env.DRIVEMOCK_KEEP_RUNNING) {
  whenAnyEnds(watchedProcesses(), () => child.kill("SIGTERM"));
}
child.on("error", (e) => fail(`could not start ${bin}: ${e.message}`));
child.on("exit", (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
