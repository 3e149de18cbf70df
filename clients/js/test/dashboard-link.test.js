// The run's helpers print the dashboard's address, never the admin token: a
// CI log keeps what a run prints, and the token commands the drivemock.
"use strict";

const test = require("node:test");
const assert = require("node:assert");
const fs = require("node:fs");
const path = require("node:path");
const { runNodeTests } = require("drivemock/node-test");
const { announceDashboard } = require("../lib/dashboard-link");
const { tempFile } = require("./helpers");

const mock = {
  url: "http://127.0.0.1:1234",
  adminToken: "secret-token",
  dashboardUrl: "http://127.0.0.1:1234/__admin/ui/#token=secret-token",
};

test("the dashboard's line has no token; the link with it is in a file only its owner reads", () => {
  const lines = [];
  const forget = announceDashboard(mock, (line) => lines.push(line));
  assert.strictEqual(lines.length, 1);
  assert.doesNotMatch(lines[0], /secret-token/);
  assert.match(lines[0], /^drivemock: dashboard of the run at http:\/\/127\.0\.0\.1:1234\/__admin\/ui\/ /);
  const file = lines[0].match(/is in (\S+), readable by you alone/)[1];
  assert.strictEqual(fs.readFileSync(file, "utf8"), `${mock.dashboardUrl}\n`);
  assert.strictEqual(fs.statSync(file).mode & 0o777, 0o600);
  assert.strictEqual(fs.statSync(path.dirname(file)).mode & 0o777, 0o700);
  forget();
  assert.strictEqual(fs.existsSync(path.dirname(file)), false);
});

test("DRIVEMOCK_SHOW_TOKEN=1 prints the link itself; without a token there is nothing to hide", () => {
  const lines = [];
  process.env.DRIVEMOCK_SHOW_TOKEN = "1";
  try {
    announceDashboard(mock, (line) => lines.push(line))();
  } finally {
    delete process.env.DRIVEMOCK_SHOW_TOKEN;
  }
  announceDashboard({ url: mock.url, adminToken: null }, (line) => lines.push(line))();
  assert.deepStrictEqual(lines, [
    `drivemock: dashboard of the run at ${mock.dashboardUrl}`,
    "drivemock: dashboard of the run at http://127.0.0.1:1234/__admin/ui/",
  ]);
});

test("runNodeTests prints no token of the drivemock it starts", async () => {
  const file = tempFile("empty.test.js", 'require("node:test")("nothing", () => {});\n');
  const printed = [];
  const log = console.log;
  console.log = (...args) => printed.push(args.join(" "));
  // The runner's own child would otherwise take itself for a nested run.
  const context = process.env.NODE_TEST_CONTEXT;
  delete process.env.NODE_TEST_CONTEXT;
  try {
    const options = { report: false, adminToken: "t0ken-of-this-run" };
    assert.strictEqual(await runNodeTests({ drivemock: options, args: [file] }), 0);
  } finally {
    console.log = log;
    if (context !== undefined) process.env.NODE_TEST_CONTEXT = context;
  }
  const text = printed.join("\n");
  assert.match(text, /dashboard of the run at/);
  assert.doesNotMatch(text, /t0ken-of-this-run/);
});
