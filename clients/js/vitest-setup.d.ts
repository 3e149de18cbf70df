// Types of drivemock/vitest/setup (vitest-setup.mjs).
import type { StartOptions } from "./index";

/** Vitest's global set-up: one drivemock for the run; `report: false` writes no report. */
export declare function drivemockGlobalSetup(
  options?: Omit<StartOptions, "report"> & {
    report?: string | false;
    /** Let the run pass with calls drivemock refused as outside every session (default: the run fails, listing them). */
    allowRefusedCalls?: boolean;
  },
): (context: { provide: (key: string, value: unknown) => void }) => Promise<() => Promise<void>>;
