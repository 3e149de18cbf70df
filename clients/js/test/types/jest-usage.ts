// drivemock/jest's declarations as a Jest suite uses them (checked by tsc,
// never run: Jest's own API is not installed here). The @ts-expect-error
// lines fail the check if the declarations stop refusing a typo.
import { drivemockTest } from "drivemock/jest";
import { drivemockGlobalSetup } from "drivemock/jest/setup";
import teardown = require("drivemock/jest/teardown");

export const setup: () => Promise<void> = drivemockGlobalSetup({ preset: "filen", report: false, allowRefusedCalls: false });
export const tearDown: () => Promise<void> = teardown;

const test = drivemockTest.with({ filen: { maxRetries: 2 }, allowUnusedRules: false });
test.concurrent("each test its own session", async ({ session, drivemock }) => {
  const pushed = await session.push("directories: {}", { allowUnused: true });
  void pushed;
  void drivemock.url;
});
test.todo("later");
drivemockTest.skip("skipped", () => undefined, 1000);

// @ts-expect-error a typo of an option is refused
drivemockTest.with({ filn: true });
// @ts-expect-error as is one of the set-up's
drivemockGlobalSetup({ reprot: false });
