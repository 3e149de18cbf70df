// drivemock/playwright: Playwright Test fixtures for a web app whose pages
// run the official SDK. `base.extend(drivemockFixtures())` gives each test
// `session` (its own, named by its title path, closed after it) and
// `drivemock` (the run's, which drivemock/playwright/setup starts), and
// routes the SDK's calls of the test's pages to drivemock in that session:
// the browser context's requests to the service's hosts are answered by
// drivemock (Playwright's route: no DNS, no certificate, the app unchanged).
// Fixtures rather than a `test` of its own: this package does not load
// Playwright, the test file's copy is the one that runs. See docs/playwright.md.
"use strict";

const path = require("node:path");
const { fullName, runDrivemock } = require("./lib/run-names");
const { checkOptions } = require("./lib/options");
const { endTestSession } = require("./lib/near-misses");
const { whereThrown } = require("./lib/outcomes");
const { REFUSALS, refusedInTestError } = require("./lib/refused-calls");

const SETUP_HINT = "add drivemockGlobalSetup (drivemock/playwright/setup) to Playwright's globalSetup (docs/playwright.md)";

/** The service's hosts whose calls the SDK makes from a page: its gateways, and the hosts it up- and downloads through. */
const SERVICE_HOSTS = /^https:\/\/(gateway|egest|ingest)\.(filen\.io|filen\.net|filen-[1-6]\.net)\//;

/** A Playwright test's outcome as drivemock's report words it. */
function outcomeOf(testInfo) {
  const { status } = testInfo;
  const outcome = status === "passed" ? "passed" : status === "skipped" ? "skipped" : "failed";
  const error = testInfo.errors?.[0];
  return {
    outcome,
    durationMs: Math.max(0, Math.round(testInfo.duration ?? 0)),
    message: outcome === "failed" ? String(error?.message ?? status) : "",
    location: outcome === "failed" ? whereThrown(error, testInfo.file) : "",
  };
}

/**
 * Answers one of the page's calls to the service from drivemock, in the
 * test's session (its header added; the app's own key kept): the request
 * as the browser made it, drivemock's answer as drivemock gave it (its CORS
 * headers included). A call drivemock refused as no open session's is
 * noted in `refused`.
 */
async function answerFromDrivemock(route, mock, session, refused) {
  const request = route.request();
  const url = new URL(request.url());
  const response = await route.fetch({
    url: `${mock.url}${url.pathname}${url.search}`,
    headers: { ...request.headers(), ...session.headers },
  });
  const body = await response.body();
  try {
    const answer = JSON.parse(body.toString("utf8"));
    if (REFUSALS.includes(answer?.code)) refused.push({ error: answer, params: { endpoint: url.pathname, data: request.postDataJSON() } });
  } catch {
    // Not JSON: no refusal of drivemock's.
  }
  await route.fulfill({ response, body });
}

/**
 * The fixtures, for `base.extend(drivemockFixtures({ ... }))`:
 * `drivemock` (per worker), `session` (per test) and the test's browser
 * context routed to it. Options: allowNearMisses, allowUnusedRules,
 * allowRefusedCalls (as drivemockTest's), hosts (a RegExp of the URLs to
 * route; the service's by default).
 */
function drivemockFixtures(options = {}) {
  checkOptions("drivemockFixtures", options, ["allowNearMisses", "allowUnusedRules", "allowRefusedCalls", "hosts"]);
  const { allowNearMisses = false, allowUnusedRules = false, allowRefusedCalls = false, hosts = SERVICE_HOSTS } = options;
  return {
    drivemock: [
      async ({}, use) => {
        await use(await runDrivemock(undefined, undefined, SETUP_HINT));
      },
      { scope: "worker" },
    ],
    session: async ({ drivemock: mock }, use, testInfo) => {
      // "file > describe > test", the file's path from the config's folder.
      const from = testInfo.config.configFile ? path.dirname(testInfo.config.configFile) : testInfo.config.rootDir;
      const name = fullName([path.relative(from, testInfo.file), ...testInfo.titlePath.slice(1)]);
      // Strict: a push with warnings rejects (push(yaml, { failOnWarnings: false }) lets one through).
      const session = await mock.session(name, { failOnWarnings: true });
      session._refusedInPages = [];
      await use(session);
      const passed = testInfo.status === testInfo.expectedStatus && testInfo.status === "passed";
      let error = null;
      try {
        // A test that failed or skipped is not failed again for the rules it did not get to.
        await endTestSession(session, {
          allowNearMisses,
          allowUnusedRules: allowUnusedRules || !passed,
          refused: passed && !allowRefusedCalls ? refusedInTestError(session._refusedInPages) : null,
        });
      } catch (e) {
        error = e;
      }
      const outcome = error ? { ...outcomeOf(testInfo), outcome: "failed", message: error.message } : outcomeOf(testInfo);
      await session.reportOutcome(outcome).catch(() => {});
      if (error) throw error;
    },
    // Every context of the test is routed: the `context` fixture's (and so
    // `page`'s), and those the test makes itself with browser.newContext()
    // or browser.newPage(), whose calls would otherwise reach the live
    // service. A worker runs one test at a time. Given to the test as the
    // function that routes a context (once).
    drivemockRouting: [
      async ({ browser, drivemock: mock, session }, use) => {
        const routed = new WeakSet();
        const route = async (context) => {
          if (routed.has(context)) return;
          routed.add(context);
          await context.route(hosts, (r) => answerFromDrivemock(r, mock, session, session._refusedInPages));
        };
        const newContext = browser.newContext;
        browser.newContext = async function routedContext(...args) {
          const made = await newContext.apply(this, args);
          await route(made);
          return made;
        };
        try {
          await use(route);
        } finally {
          browser.newContext = newContext;
        }
      },
      { auto: true },
    ],
    context: async ({ context, drivemockRouting }, use) => {
      await drivemockRouting(context);
      await use(context);
    },
  };
}

module.exports = { drivemockFixtures, SERVICE_HOSTS };
