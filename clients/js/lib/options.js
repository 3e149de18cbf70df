// Options objects are checked by name: a misspelt option (`presets` for
// `preset`, `requiresession`) would otherwise be ignored, and the test would
// run with the default it meant to change, green and testing something else.
"use strict";

const { DrivemockError } = require("./errors");

/** Edits (insertions, deletions, substitutions) between two short strings. */
function distance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length];
}

/** The known name `name` most likely meant: same letters in another case, or at most two edits away. */
function meant(name, known) {
  const lower = name.toLowerCase();
  const sameCase = known.find((k) => k.toLowerCase() === lower);
  if (sameCase) return sameCase;
  let best = null;
  let bestDistance = 3;
  for (const k of known) {
    const d = distance(lower, k.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best;
}

/**
 * Throws a DrivemockError (code "invalid_options") naming the first option of
 * `options` that is not among `known`, and the option it most likely meant.
 * @param {string} where the function's name, for the message
 * @param {object|undefined} options
 * @param {string[]} known
 */
function checkOptions(where, options, known) {
  if (options === undefined || options === null) return;
  if (typeof options !== "object" || Array.isArray(options)) {
    throw new DrivemockError(`${where}: options must be an object, not ${Array.isArray(options) ? "an array" : typeof options}`, {
      code: "invalid_options",
    });
  }
  for (const name of Object.keys(options)) {
    if (known.includes(name)) continue;
    const guess = meant(name, known);
    throw new DrivemockError(
      `${where}: unknown option '${name}'${guess ? `; did you mean '${guess}'?` : ""} (its options: ${known.join(", ")})`,
      { code: "invalid_options" },
    );
  }
}

/** startDrivemock's options (index.d.ts StartOptions). */
const START_OPTIONS = [
  "port", "host", "report", "scenarios", "dialect", "preset", "seed", "strict", "requireSession", "tls",
  "adminToken", "args", "bin", "cwd", "env", "verbose", "startTimeoutMs", "stopTimeoutMs",
];

module.exports = { checkOptions, meant, START_OPTIONS };
