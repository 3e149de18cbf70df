import { test as base, inject } from "vitest"; import names from "../node_modules/drivemock/lib/run-names.js";
const test = base.extend({ drivemock: async ({}, use) => { const g = inject("drivemock"); await use(await names.runDrivemock(g.url, g.adminToken, "")); },
 session: [async ({task, drivemock}, use) => { await drivemock.health(); await use(null); }, {auto: true}] });
for (let i = 0; i < 300; ++i) test("empty " + i, () => {});
