// Types of drivemock/vitest (vitest.mjs).
import type { TestAPI } from "vitest";
import type { Drivemock, Session } from "./index";

/** A Vitest `test` whose every test has `drivemock` and its own `session` in its context. */
export declare function drivemockTest<T extends object = object>(options?: {
  test?: TestAPI<T>;
  filen?: boolean;
}): TestAPI<T & { drivemock: Drivemock; session: Session }>;
