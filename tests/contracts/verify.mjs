// Verifies a pact against a running drivemock with Pact JS's Verifier, in a
// process of its own: the verifier's native core prints its findings on
// this process's standard output, which the test reads.
// Usage: node verify.mjs PACT_FILE DRIVEMOCK_URL   (the admin token in DRIVEMOCK_ADMIN_TOKEN)
import { Verifier } from "@pact-foundation/pact";
import { attachDrivemock } from "drivemock";

const [pactFile, url] = process.argv.slice(2);
const provider = await attachDrivemock(url, { adminToken: process.env.DRIVEMOCK_ADMIN_TOKEN });
try {
  await new Verifier({
    provider: "drive",
    providerBaseUrl: url,
    pactUrls: [pactFile],
    stateHandlers: provider.pactStateHandlers(),
    logLevel: "error",
  }).verifyProvider();
  console.log("drivemock-verify: passed");
} catch (error) {
  console.log(`drivemock-verify: failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  await provider.stop();
}
