// One drivemock for the whole Vitest run: every worker's tests attach to it.
import { fileURLToPath } from "node:url";
import { drivemockGlobalSetup } from "drivemock/vitest/setup";

export default drivemockGlobalSetup({
  preset: "filen",
  seed: 7,
  scenarios: fileURLToPath(new URL("../scenarios.yaml", import.meta.url)),
  report: process.env.DRIVEMOCK_REPORT ?? "drivemock-report.html",
});
