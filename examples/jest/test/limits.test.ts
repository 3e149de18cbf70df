// A rate limit of the baseline: every concurrent test has a window of its own.
import { describe, expect } from "@jest/globals";
import { drivemockTest } from "drivemock/jest";
import { sdkOf } from "./fixtures";
import type { Session } from "drivemock";

const test = drivemockTest.with({ filen: true });

/** The outcomes of `n` color changes through the SDK: "ok", or the failure's code. */
async function colorCodes(session: Session, n: number): Promise<string[]> {
  const sdk = sdkOf(session);
  const codes: string[] = [];
  for (let i = 0; i < n; i += 1) {
    codes.push(
      await sdk
        .api(3)
        .dir()
        .color({ uuid: "limited-folder", color: "blue" })
        .then(
          () => "ok",
          (e: { code?: string }) => e.code ?? "error",
        ),
    );
  }
  return codes;
}

describe("two calls a minute, in each test", () => {
  for (let n = 1; n <= 10; n += 1) {
    test.concurrent(`test ${n} gets its two calls, then 429`, async ({ session }) => {
      expect(await colorCodes(session, 3)).toEqual(["ok", "ok", "invalid_http_status_code"]); // the SDK's name for a 429
    });
  }
});
