// Types of drivemock/vitest (vitest.mjs).
import type { TestAPI } from "vitest";
import type { Drivemock, Session } from "./index";

/** A Vitest `test` whose every test has `drivemock` and its own `session` in its context. */
export declare function drivemockTest<T extends object = object>(options?: {
  test?: TestAPI<T>;
  /**
   * Route the official SDK to each test's drivemock. `true`: with a budget
   * inside Vitest's 5 s time-out (3 tries of 1 s: a `fault: hang` fails the
   * call in about 3 s); or the budget itself.
   */
  filen?: boolean | { maxRetries?: number; requestTimeoutMs?: number; retryTimeout?: number };
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
}): TestAPI<T & { drivemock: Drivemock; session: Session }>;
