// Types of drivemock/jest/teardown (jest-teardown.js): Jest's globalTeardown.
declare function drivemockGlobalTeardown(): Promise<void>;
export = drivemockGlobalTeardown;
