// `await using mock = await startDrivemock()` stops drivemock at the end of
// the block. Node 18 and 20 do not parse `await using` yet, so the usage is
// compiled by TypeScript (as a TypeScript project's tests are) and run.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const ts = require("typescript");
const { gone } = require("./helpers");

test("await using stops drivemock when the block ends, also when it throws", async () => {
  const source = fs.readFileSync(path.join(__dirname, "types", "await-using.ts"), "utf8");
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS },
  });
  const compiled = { exports: {} };
  new Function("module", "exports", "require", outputText)(compiled, compiled.exports, require);
  const { pidAfterBlock, pidAfterThrow } = compiled.exports;
  const pid = await pidAfterBlock();
  assert.ok(gone(pid), `drivemock ${pid} still runs after its block`);
  const thrown = await pidAfterThrow();
  assert.ok(gone(thrown), `drivemock ${thrown} still runs after its block threw`);
});
