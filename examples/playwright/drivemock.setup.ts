// One drivemock for the Playwright run: every worker's tests attach to it.
import { drivemockGlobalSetup } from "drivemock/playwright/setup";

export default drivemockGlobalSetup({ preset: "filen", report: process.env.DRIVEMOCK_REPORT ?? "drivemock-report.html" });
