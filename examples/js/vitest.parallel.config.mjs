// The parallel suite (parallel/vitest): files in parallel workers, tests
// concurrent, all against one drivemock that the global set-up starts.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["parallel/vitest/**/*.test.mjs"],
    globalSetup: ["./parallel/vitest/drivemock.setup.mjs"],
    pool: "forks",
  },
});
