// Concurrent tests use up the same rate-limit window and draw from the same
// random rule: each has its own window and its own stream.
import { describe, expect } from "vitest";
import { FilenSDK } from "@filen/sdk";
import { filenTestConfig } from "drivemock/filen";
import { drivemockTest } from "drivemock/vitest";

const test = drivemockTest({ filen: true });

/** The codes of `n` color changes, each failure's code, each success's "ok". */
async function colorCodes(apiKey, uuid, n) {
  const sdk = new FilenSDK(filenTestConfig({ apiKey }));
  const codes = [];
  for (let i = 0; i < n; i += 1) {
    codes.push(await sdk.api(3).dir().color({ uuid, color: "blue" }).then(() => "ok", (e) => e.code ?? String(e.status)));
  }
  return codes;
}

describe.concurrent("one window and one random rule, many tests", () => {
  for (const n of [1, 2, 3]) {
    test(`test ${n} gets the limit's two calls`, async ({ session }) => {
      const codes = await colorCodes(session.apiKey, "limited-folder", 3);
      expect(codes).toEqual(["ok", "ok", "invalid_http_status_code"]); // the SDK's name for a 429
      const refused = (await session.requests({ uuid: "limited-folder" })).filter((e) => e.response.status === 429);
      expect(refused.length).toBeGreaterThan(0); // the third, and the SDK's retries of it
    });

    test(`test ${n} draws what a rerun of it draws`, async ({ session, drivemock }) => {
      const drawn = await colorCodesRaw(session, 6);
      // A session of the same name starts the same stream: a rerun of this test.
      const rerun = await drivemock.session(session.name);
      try {
        expect(await colorCodesRaw(rerun, 6)).toEqual(drawn);
      } finally {
        await rerun.close();
      }
    });
  }
});

/** The picks of `n` calls of the random rule, by the session's header (no SDK retries). */
async function colorCodesRaw(session, n) {
  const picks = [];
  for (let i = 0; i < n; i += 1) {
    const res = await fetch(`${session.url}/v3/dir/color`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...session.headers },
      body: JSON.stringify({ uuid: "flaky-folder", color: "red" }),
    });
    picks.push(res.status);
  }
  return picks;
}
