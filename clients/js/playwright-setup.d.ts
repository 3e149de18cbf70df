// Types of drivemock/playwright/setup (playwright-setup.js).
import type { StartOptions } from "./index";

/** Playwright's global set-up: one drivemock for the run; resolves with the run's tear-down. */
export declare function drivemockGlobalSetup(
  options?: Omit<StartOptions, "report"> & {
    report?: string | false;
    /** Let the run pass with calls drivemock refused as outside every session (default: the run fails, listing them). */
    allowRefusedCalls?: boolean;
  },
): () => Promise<() => Promise<void>>;
