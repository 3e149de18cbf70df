// Types of drivemock/vitest/setup (vitest-setup.mjs).
import type { StartOptions } from "./index";

/** Vitest's global set-up: one drivemock for the run; `report: false` writes no report. */
export declare function drivemockGlobalSetup(
  options?: Omit<StartOptions, "report"> & { report?: string | false },
): (context: { provide: (key: string, value: unknown) => void }) => Promise<() => Promise<void>>;
