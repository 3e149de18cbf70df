// Vitest runs the files under vitest/ (test/ is node:test's).
import { defineConfig } from "vitest/config";

export default defineConfig({ test: { include: ["vitest/**/*.test.mjs"] } });
