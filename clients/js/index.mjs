// The ES module entry point: the CommonJS one's exports, named.
import drivemock from "./index.js";

export const { startDrivemock, attachDrivemock, Drivemock, Session, DrivemockError } = drivemock;
export default drivemock;
