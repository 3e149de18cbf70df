// Concurrent tests use up the same rate-limit window and draw from the same
// random rule: each has its own window and its own stream.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { drivemockSessions } from "drivemock/node-test";
import { colorCodes, picks } from "../calls.mjs";

// Run alone (no DRIVEMOCK_URL), the file starts a drivemock of its own with this baseline.
const baseline = { seed: 7, scenarios: new URL("../scenarios.yaml", import.meta.url).pathname };
const sessions = drivemockSessions({ filen: true, start: baseline });

describe("one window and one random rule, many tests", { concurrency: true }, () => {
  for (const n of [1, 2, 3]) {
    test(`test ${n} gets the limit's two calls`, async (t) => {
      const codes = await colorCodes(sessions.of(t).apiKey, "limited-folder", 3);
      assert.deepEqual(codes, ["ok", "ok", "invalid_http_status_code"]); // the SDK's name for a 429
    });

    test(`test ${n} draws what a rerun of it draws`, async (t) => {
      const session = sessions.of(t);
      const drawn = await picks(session, 6);
      const rerun = await sessions.drivemock.session(session.name);
      try {
        assert.deepEqual(await picks(rerun, 6), drawn);
      } finally {
        await rerun.close();
      }
    });
  }
});
