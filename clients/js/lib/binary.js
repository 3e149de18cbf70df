// Which drivemock executable to start: `bin`, else DRIVEMOCK_BIN, else
// `drivemock` on PATH.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const { DrivemockError } = require("./errors");

const HOW_TO_GET_ONE =
  "install the Debian package (make deb in drivemock's repository, then " +
  "apt install ./build/deb/drivemock_*.deb), or make install, or build it with make " +
  "build and pass {bin: '/path/to/drivemock'} or set DRIVEMOCK_BIN";

function executable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The executable's path; rejects with a DrivemockError saying how to get one. */
function findBinary(bin, env = process.env) {
  const given = bin || env.DRIVEMOCK_BIN;
  if (given) {
    if (executable(given)) return given;
    const from = bin ? "{bin}" : "DRIVEMOCK_BIN";
    throw new DrivemockError(`drivemock binary ${given} (from ${from}) is not an executable file`, {
      code: "binary_not_found",
    });
  }
  for (const dir of (env.PATH || "").split(path.delimiter)) {
    if (dir && executable(path.join(dir, "drivemock"))) return path.join(dir, "drivemock");
  }
  throw new DrivemockError(`no drivemock binary: none on PATH, and no {bin} or DRIVEMOCK_BIN; ${HOW_TO_GET_ONE}`, {
    code: "binary_not_found",
  });
}

module.exports = { findBinary };
