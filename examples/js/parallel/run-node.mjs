// Runs the node:test files of the parallel suite against one drivemock for
// the whole run: `node parallel/run-node.mjs` (node --test runs each file in
// a process of its own, in parallel; DRIVEMOCK_URL tells them where it is).
import { fileURLToPath } from "node:url";
import { runNodeTests } from "drivemock/node-test";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

process.exitCode = await runNodeTests({
  drivemock: { preset: "filen", seed: 7, scenarios: here("scenarios.yaml"), report: false },
  args: [here("node/archive.test.mjs"), here("node/limits.test.mjs")],
});
