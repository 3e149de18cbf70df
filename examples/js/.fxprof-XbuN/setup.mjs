import { drivemockGlobalSetup } from "drivemock/vitest/setup";
export default drivemockGlobalSetup({ report: false });
