// The ES module entry point of drivemock/testcontainers.
import testcontainers from "./testcontainers.js";

export const { DrivemockContainer, StartedDrivemockContainer } = testcontainers;
export default testcontainers;
