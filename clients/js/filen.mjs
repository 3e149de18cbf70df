// The ES module entry point of drivemock/filen: the CommonJS one's exports.
import filen from "./filen.js";

export const { connectFilenSdk, filenTestConfig } = filen;
export default filen;
