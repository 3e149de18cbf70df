// One drivemock for the Jest run: every worker's tests attach to it.
import path from "node:path";
import { drivemockGlobalSetup } from "drivemock/jest/setup";

export default drivemockGlobalSetup({
  preset: "filen",
  seed: 7,
  scenarios: path.join(__dirname, "scenarios.yaml"),
  report: process.env.DRIVEMOCK_REPORT ?? "drivemock-report.html",
});
