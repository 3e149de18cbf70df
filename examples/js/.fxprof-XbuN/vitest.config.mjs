export default { test: { include: ["*.vitest.mjs"], globalSetup: ["./setup.mjs"] } };
