// One drivemock for the whole Jest run (drivemock/jest/setup), files in
// parallel workers, TypeScript through ts-jest.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json" }] },
  testMatch: ["<rootDir>/test/**/*.test.ts"],
  globalSetup: "<rootDir>/drivemock.setup.ts",
  globalTeardown: "drivemock/jest/teardown",
};
