// Types of drivemock/jest/teardown (jest-teardown.js): Jest's globalTeardown.
declare function drivemockGlobalTeardown(globalConfig?: { forceExit?: boolean }): Promise<void>;
export = drivemockGlobalTeardown;
