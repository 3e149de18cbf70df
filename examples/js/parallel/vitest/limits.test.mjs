// Concurrent tests use up the same rate-limit window and draw from the same
// random rule: each has its own window and its own stream.
import { describe, expect } from "vitest";
import { drivemockTest } from "drivemock/vitest";
import { colorCodes, picks } from "../calls.mjs";

const test = drivemockTest({ filen: true });

describe.concurrent("one window and one random rule, many tests", () => {
  for (const n of [1, 2, 3]) {
    test(`test ${n} gets the limit's two calls`, async ({ session }) => {
      const codes = await colorCodes(session.apiKey, "limited-folder", 3);
      expect(codes).toEqual(["ok", "ok", "invalid_http_status_code"]); // the SDK's name for a 429
      const refused = (await session.requests({ uuid: "limited-folder" })).filter((e) => e.response.status === 429);
      expect(refused.length).toBeGreaterThan(0); // the third, and the SDK's retries of it
    });

    test(`test ${n} draws what a rerun of it draws`, async ({ session, drivemock }) => {
      const drawn = await picks(session, 6);
      // A session of the same name starts the same stream: a rerun of this test.
      const rerun = await drivemock.session(session.name);
      try {
        expect(await picks(rerun, 6)).toEqual(drawn);
      } finally {
        await rerun.close();
      }
    });
  }
});

