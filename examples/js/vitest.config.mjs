// Vitest runs the files under vitest/ (test/ is node:test's), and the
// Vitest examples of the docs (tests/docs/examples.test.mjs writes them).
import { defineConfig } from "vitest/config";

export default defineConfig({ test: { include: ["vitest/**/*.test.mjs", ".doc-examples/*.vitest.mjs"] } });
