// What drivemock/jest reads of Jest's own tree of a test file (jest-circus,
// Jest's runner): the running test, found through expect's state, which
// Jest 30 keeps per test across concurrent ones (`currentTestIdentity`);
// its describe blocks up to the file for its name; the file's tests after it
// for the sessions opened with its own; after the file, each test's status
// and errors: Jest's own verdict, the one its report prints.
"use strict";

const path = require("node:path");
const { expect } = require("@jest/globals");
const { fullName } = require("./run-names");
const { whereThrown } = require("./outcomes");

const ROOT = "ROOT_DESCRIBE_BLOCK";

/** The test file's path, as the run names it (relative to where Jest runs). */
function filePath() {
  const { testPath } = expect.getState();
  return testPath ? path.relative(process.cwd(), testPath) : "";
}

/** The running test's entry; null where Jest does not tell (before Jest 30). */
function currentTest() {
  return expect.getState().currentTestIdentity?.() ?? null;
}

/** "file > describe > test" of a test entry. */
function nameOf(entry) {
  const parts = [];
  for (let e = entry; e && e.name !== ROOT; e = e.parent) parts.unshift(e.name);
  return fullName([filePath(), ...parts]);
}

/** The test entries under `block`, depth first: the order Jest runs them in, concurrent ones aside. */
function testsOf(block) {
  const tests = [];
  for (const child of block.children ?? []) {
    if (child.type === "test") tests.push(child);
    else tests.push(...testsOf(child));
  }
  return tests;
}

function rootOf(entry) {
  let e = entry;
  while (e.parent) e = e.parent;
  return e;
}

let root = null;
const runs = (entry) => entry.mode !== "skip" && entry.mode !== "todo";

/**
 * {key, name} of the running test (`entry`, or where Jest gives none, the
 * test's `key` and expect's name of it) and of the file's tests of ours after
 * it that will run: whose sessions to open with its own.
 */
function upcoming(entry, key, isOurs) {
  if (!entry) return [{ key, name: fullName([filePath(), expect.getState().currentTestName]) }];
  root ??= rootOf(entry);
  const tests = testsOf(root).filter((t) => isOurs(t) && runs(t));
  const at = tests.indexOf(entry);
  return [entry, ...(at < 0 ? [] : tests.slice(at + 1))].map((t) => ({ key: t, name: nameOf(t) }));
}

/** An error as Jest keeps it on a test: the error, or [error, the async error made where it was registered]. */
const errorOf = (kept) => (Array.isArray(kept) ? kept[0] : kept);

/** A finished test's outcome as Jest judged it; a test Jest did not give us (before Jest 30) by its session's end alone. */
function outcomeOf(key, startedAt) {
  const durationMs = Math.max(0, key.duration ?? Date.now() - startedAt);
  if (key.type !== "test") return { outcome: "passed", durationMs };
  const error = key.errors?.length ? errorOf(key.errors[0]) : null;
  if (!error) return { outcome: key.status === "skip" ? "skipped" : "passed", durationMs };
  return {
    outcome: "failed",
    durationMs,
    message: String(error?.message ?? error),
    location: whereThrown(error, expect.getState().testPath),
  };
}

/** The file's tests of ours that Jest skipped ({name, todo}), `todo` ones among them. */
function skippedTests(isOurs) {
  if (!root) return [];
  return testsOf(root)
    .filter((t) => (t.mode === "todo" || t.status === "todo") || (isOurs(t) && t.status === "skip"))
    .map((t) => ({ name: nameOf(t), todo: t.mode === "todo" || t.status === "todo" }));
}

module.exports = { currentTest, upcoming, outcomeOf, skippedTests };
