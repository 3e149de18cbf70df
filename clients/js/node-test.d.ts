// Types of drivemock/node-test (node-test.js).
import type { Drivemock, Session, StartOptions } from "./index";

/** Starts drivemock, runs `node --test ...args` with DRIVEMOCK_URL, stops it; resolves with the exit code. */
export declare function runNodeTests(options?: {
  drivemock?: Omit<StartOptions, "report"> & { report?: string | false };
  args?: string[];
  /** Let the run pass with calls drivemock refused as outside every session (default: exit code 1, listing them). */
  allowRefusedCalls?: boolean;
}): Promise<number>;

export interface DrivemockSessions {
  /** The run's drivemock (attached), or the file's own; set once the file's `before` hook ran. */
  readonly drivemock: Drivemock | null;
  /** The session of the test whose context `t` is. */
  of(t: object): Session;
}

/** Gives every test of this file a session named "file > test", closed after it. */
export declare function drivemockSessions(options?: {
  url?: string;
  adminToken?: string;
  filen?: boolean;
  start?: StartOptions;
  /**
   * Let a test pass whose session called a uuid no scenario names but a typo
   * away from one that does (didYouMean). Default false: such a test fails,
   * naming both uuids.
   */
  allowNearMisses?: boolean;
  /**
   * Let a test pass that pushed rules no call of it got an answer of.
   * Default false: such a test fails, naming each rule, its set and line
   * (one push lets its own through: push(yaml, { allowUnused: true })).
   */
  allowUnusedRules?: boolean;
  /**
   * Let a test pass whose SDK calls drivemock refused as no open session's
   * while it alone ran (default false: such a test fails, even where it
   * caught the SDK's error, listing each call with drivemock's sentence).
   */
  allowRefusedCalls?: boolean;
}): DrivemockSessions;
