// Types of drivemock/jest (jest.js).
import type { Drivemock, Session } from "./index";

/** What each test's function gets: its own session, and the run's drivemock. */
export interface DrivemockTestContext {
  session: Session;
  drivemock: Drivemock;
}

export interface DrivemockTestOptions {
  /**
   * Route the official SDK of the test file to the run's drivemock. `true`:
   * with a budget inside Jest's 5 s time-out (3 tries of 1 s); or the budget itself.
   */
  filen?: boolean | { maxRetries?: number; requestTimeoutMs?: number; retryTimeout?: number };
  /** Let a test pass whose session called a uuid a typo away from one it scripted. Default false. */
  allowNearMisses?: boolean;
  /** Let a test pass that pushed rules no call of it got an answer of. Default false. */
  allowUnusedRules?: boolean;
  /** Let a test pass whose SDK calls drivemock refused as no open session's (even where it caught the error). Default false. */
  allowRefusedCalls?: boolean;
}

export type DrivemockTestFn = (name: string, fn: (context: DrivemockTestContext) => unknown, timeout?: number) => void;

/** Jest's `test` whose every test gets its own session: `drivemockTest(name, fn)`. */
export interface DrivemockTest extends DrivemockTestFn {
  only: DrivemockTestFn;
  skip: DrivemockTestFn;
  todo(name: string): void;
  /** Tests of a describe block run at once (Jest's test.concurrent), each in its own session. */
  concurrent: DrivemockTestFn & { only: DrivemockTestFn; skip: DrivemockTestFn };
  /** The same, with options: `drivemockTest.with({ filen: true })`. */
  with(options: DrivemockTestOptions): DrivemockTest;
}

export declare const drivemockTest: DrivemockTest;
