// drivemock/playwright's declarations as a Playwright suite uses them,
// checked by `tsc -p typecheck` against Playwright's own types (tests/playwright;
// never run). The @ts-expect-error lines fail the check if a typo stops being refused.
import { test as base, expect } from "@playwright/test";
import { drivemockFixtures, SERVICE_HOSTS } from "drivemock/playwright";
import { drivemockGlobalSetup } from "drivemock/playwright/setup";

export const setup: () => Promise<() => Promise<void>> = drivemockGlobalSetup({ preset: "filen", report: false });

const test = base.extend(drivemockFixtures({ allowUnusedRules: false, hosts: SERVICE_HOSTS }));

test("a session and the run's drivemock in every test", async ({ page, session, drivemock, drivemockRouting }) => {
  await session.push("directories: {}", { allowUnused: true });
  await drivemockRouting(page.context());
  expect(drivemock.url).toMatch(/^http/);
});

// @ts-expect-error a misspelt option is refused
drivemockFixtures({ allowNearMiss: true });
// @ts-expect-error as is one of the set-up's
drivemockGlobalSetup({ reprot: false });
