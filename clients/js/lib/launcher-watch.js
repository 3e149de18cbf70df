// What the npm launcher (bin/drivemock.js) watches, so that `npx drivemock`
// stopped leaves nothing behind. npm forwards SIGTERM and SIGINT to the shell
// it runs the launcher under, which dies without passing them on; and when
// the process that ran npx is gone, npx lives on. So the launcher stops the
// binary once its parent, the npm process above it or the process that
// started npm is gone (the binary itself ends with the launcher:
// --exit-with-parent).
"use strict";

const fs = require("node:fs");

/** A process's parent and command line, from /proc; null once it is gone. */
function processInfo(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // After "pid (comm) state": comm may hold spaces and parentheses.
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    return { ppid, cmdline };
  } catch {
    return null;
  }
}

/** npm's own process: titled "npm exec …", or node running npm's or npx's script. */
function isNpm(cmdline) {
  if (/^(npm|npx)( |$)/.test(cmdline[0] ?? "")) return true;
  return cmdline.slice(0, 2).some((arg) => /(^|\/)(npm|npx)(-cli\.js)?$/.test(arg));
}

/**
 * The processes whose end stops the launcher: its parent, and where npm
 * started it (through a shell or directly, a few levels up), npm and the
 * process that started npm.
 */
function watchedProcesses(parent = process.ppid) {
  const watched = [parent];
  let pid = parent;
  for (let level = 0; level < 4 && pid > 1; level += 1) {
    const info = processInfo(pid);
    if (!info) break;
    if (isNpm(info.cmdline)) {
      watched.push(pid, info.ppid);
      break;
    }
    pid = info.ppid;
  }
  return [...new Set(watched.filter((p) => p > 1))];
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
}

/** Calls `gone` once any of `pids` has ended, looking every `everyMs`. */
function whenAnyEnds(pids, gone, everyMs = 200) {
  const timer = setInterval(() => {
    const ended = pids.find((pid) => !alive(pid));
    if (ended === undefined) return;
    clearInterval(timer);
    gone(ended);
  }, everyMs);
  timer.unref();
  return timer;
}

module.exports = { watchedProcesses, whenAnyEnds, isNpm };
