// Types of drivemock/playwright (playwright.js).
import type {
  Fixtures,
  PlaywrightTestArgs,
  PlaywrightTestOptions,
  PlaywrightWorkerArgs,
  PlaywrightWorkerOptions,
} from "@playwright/test";
import type { Drivemock, Session } from "./index";

export interface DrivemockFixtureOptions {
  /** Let a test pass whose session called a uuid a typo away from one it scripted. Default false. */
  allowNearMisses?: boolean;
  /** Let a test pass that pushed rules no call of it got an answer of. Default false. */
  allowUnusedRules?: boolean;
  /** Let a test pass whose pages' calls drivemock refused as no open session's. Default false. */
  allowRefusedCalls?: boolean;
  /** The URLs of the test's pages answered by drivemock (default: the service's gateway, egest and ingest hosts). */
  hosts?: RegExp;
}

/**
 * Fixtures for `base.extend(drivemockFixtures())`: `drivemock` (per worker),
 * `session` (per test), and the test's browser context routed to drivemock
 * in that session.
 */
export declare function drivemockFixtures(
  options?: DrivemockFixtureOptions,
): Fixtures<
  { session: Session; drivemockRouting: (context: import("@playwright/test").BrowserContext) => Promise<void> },
  { drivemock: Drivemock },
  PlaywrightTestArgs & PlaywrightTestOptions,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
>;

/** The service's hosts the fixtures route by default. */
export declare const SERVICE_HOSTS: RegExp;
