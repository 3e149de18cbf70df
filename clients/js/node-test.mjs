// The ES module entry point of drivemock/node-test: the CommonJS one's exports.
import nodeTest from "./node-test.js";

export const { runNodeTests, drivemockSessions } = nodeTest;
export default nodeTest;
