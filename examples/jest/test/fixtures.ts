// What the suite's files share: the hand-made fixture uuids (a character
// apart, as fixtures are: drivemock's near-miss check must not take one for
// a typo of another) and an SDK made with a test's own session.
import { FilenSDK } from "@filen/sdk";
import { filenTestConfig } from "drivemock/filen";
import type { Session } from "drivemock";

/** The fixture folder `c<n>`. */
export const folder = (n: number): string => `00000000-0000-4000-8000-0000000000c${n}`;

/** The folder the baseline (scenarios.yaml) says is gone, for every test. */
export const GONE = "00000000-0000-4000-8000-0000000000d1";

/** The official SDK, its calls in `session`. */
export const sdkOf = (session: Session): FilenSDK => new FilenSDK(filenTestConfig({ apiKey: session.apiKey }));

/** A failure answer of the service, in a session's push. */
export const failure = (code: string, message: string) => ({ body: { status: false, message, code } });
