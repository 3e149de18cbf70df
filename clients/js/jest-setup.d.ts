// Types of drivemock/jest/setup (jest-setup.js).
import type { StartOptions } from "./index";

/** Jest's global set-up: one drivemock for the run; `report: false` writes no report. */
export declare function drivemockGlobalSetup(
  options?: Omit<StartOptions, "report"> & {
    report?: string | false;
    /** Let the run pass with calls drivemock refused as outside every session (default: the run fails, listing them). */
    allowRefusedCalls?: boolean;
  },
): () => Promise<void>;

/** Jest's global tear-down: stops the run's drivemock; rejects, listing them, for calls that escaped their tests. */
export declare function drivemockGlobalTeardown(globalConfig?: { forceExit?: boolean }): Promise<void>;
