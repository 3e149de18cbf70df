// The verdicts' run (tests/playwright): verdicts/ instead of tests/.
import config from "./playwright.config";

export default { ...config, testDir: "verdicts" };
