// The ES module entry point: the CommonJS one's exports, named.
import drivemock from "./index.js";

export const { startDrivemock, Drivemock, DrivemockError } = drivemock;
export default drivemock;
