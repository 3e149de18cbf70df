// drivemock/jest/teardown: Jest's `globalTeardown`, as a module path
// (drivemockGlobalTeardown of drivemock/jest/setup).
"use strict";

module.exports = require("./jest-setup").drivemockGlobalTeardown;
