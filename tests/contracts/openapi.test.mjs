// `drivemock contract --openapi`: the document swagger-parser validates,
// and whose schemas reject exactly the requests drivemock journals with
// violations, on the contract checks' own cases (request-cases.json).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import Ajv2020 from "ajv/dist/2020.js";
import { startDrivemock } from "drivemock";
import { drivemock, here, root, send } from "./support.mjs";

const cases = JSON.parse(fs.readFileSync(path.join(here, "request-cases.json"), "utf8")).cases;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "drivemock-openapi-"));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function exported(args) {
  return (await drivemock(["contract", "--openapi", ...args])).stdout;
}

test("the document of each dialect, with the example scenarios' operations, is valid OpenAPI 3.1", async () => {
  for (const [dialect, scenarios] of [["document", "scenarios"], ["service", "scenarios/service"]]) {
    for (const form of ["yaml", "json"]) {
      const file = path.join(tmp, `${dialect}.${form}`);
      const args = ["--dialect", dialect, "--scenarios", path.join(root, scenarios)];
      fs.writeFileSync(file, await exported(form === "json" ? [...args, "--json"] : args));
      const api = await SwaggerParser.validate(file);
      assert.equal(api.openapi, "3.1.0");
      // Every operation in force is a path: the service dialect's lock, and those the files add.
      const mock = await startDrivemock({ dialect, scenarios: path.join(root, scenarios) });
      try {
        const { operations } = await (await fetch(`${mock.url}/__admin/operations`, { headers: { Authorization: `Bearer ${mock.adminToken}` } })).json();
        assert.deepEqual(
          Object.values(api.paths).map((item) => item.post.operationId).sort(),
          operations.map((op) => op.name).sort(),
        );
      } finally {
        await mock.stop();
      }
      const status = api.components.schemas.Envelope.properties.status.type;
      assert.equal(status, dialect === "service" ? "boolean" : "string");
    }
  }
});

/** The media type of a header value, lower-cased, without parameters. */
function mediaType(value) {
  return value.split(";")[0].trim().toLowerCase();
}

/** Whether an Accept header takes one of `types`. */
function acceptsAny(accept, types) {
  return accept.split(",").map(mediaType).some((range) =>
    types.some((type) => range === "*/*" || range === type || (range.endsWith("/*") && type.startsWith(range.slice(0, -1)))),
  );
}

/**
 * What an OpenAPI request validator finds wrong with a request against the
 * dereferenced document: path and method, the request body's media type
 * and schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 says), and an Accept
 * that none of the operation's answers' media types satisfies.
 */
function problems(api, ajv, { method = "POST", path: p, headers, body }) {
  const item = api.paths[p];
  if (!item) return ["no such path"];
  const operation = item[method.toLowerCase()];
  if (!operation) return ["method not allowed"];
  const contentType = headers["Content-Type"];
  const media = contentType ? operation.requestBody.content[mediaType(contentType)] : undefined;
  const found = [];
  if (!media) found.push(`Content-Type ${contentType} is not one of the request body's`);
  const answers = Object.values(operation.responses).flatMap((r) => Object.keys(r.content ?? {}));
  if (headers.Accept && !acceptsAny(headers.Accept, answers)) found.push(`Accept ${headers.Accept} takes no answer`);
  let value;
  try {
    value = JSON.parse(body);
  } catch {
    return [...found, "the body is not JSON"];
  }
  const schema = (media ?? operation.requestBody.content["application/json"]).schema;
  const validate = ajv.compile(schema);
  if (!validate(value)) found.push(...validate.errors.map((e) => `${e.instancePath} ${e.message}`));
  return found;
}

/** The headers a case sends: JSON both ways unless it says otherwise (null: none). */
function headersOf(c) {
  const all = { "Content-Type": "application/json", Accept: "application/json", ...(c.headers ?? {}) };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== null));
}

test("the document's schemas reject exactly the requests drivemock journals violations for", async () => {
  const file = path.join(tmp, "cases.json");
  fs.writeFileSync(file, await exported(["--json", "--scenarios", path.join(root, "scenarios")]));
  const api = await SwaggerParser.dereference(file);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const mock = await startDrivemock({ scenarios: path.join(root, "scenarios") });
  try {
    for (const c of cases) {
      await mock.reset();
      const request = { ...c, headers: headersOf(c) };
      const answer = await send(mock.url, request);
      const [entry] = await mock.requests();
      const journaled = entry.violations.map((v) => v.rule).sort();
      assert.deepEqual(journaled, [...c.violations].sort(), `${c.name}: drivemock's violations`);
      const found = problems(api, ajv, request);
      if (c.unknownPath) {
        assert.equal(answer.status, 404, c.name);
        assert.deepEqual(found, ["no such path"], c.name);
      } else if (c.beyondSchema) {
        // Said in the document's words (its requestBody's description), not in a schema.
        assert.notEqual(found.length > 0, journaled.length > 0, `${c.name}: ${c.beyondSchema}`);
      } else {
        assert.equal(found.length > 0, journaled.length > 0, `${c.name}: the document says ${JSON.stringify(found)}, drivemock ${JSON.stringify(journaled)}`);
      }
    }
  } finally {
    await mock.stop();
  }
});

test("a scenario file's operations: FILE serves the OpenAPI document's operations, checked by its schemas", async () => {
  fs.copyFileSync(path.join(here, "drive-api.yaml"), path.join(tmp, "drive-api.yaml"));
  fs.writeFileSync(path.join(tmp, "imported.yaml"), `operations: drive-api.yaml
directories:
  f1:
    fileRename: {body: {status: false, message: Locked., code: file_locked}}
`);
  const mock = await startDrivemock({ dialect: "service", scenarios: path.join(tmp, "imported.yaml") });
  try {
    const call = (body) => send(mock.url, { path: "/v3/file/rename", headers: headersOf({}), body: JSON.stringify(body) });
    assert.deepEqual(JSON.parse((await call({ uuid: "f2", name: "a.txt" })).body), { status: true, code: "renamed" });
    assert.equal(JSON.parse((await call({ uuid: "f1", name: "a.txt" })).body).code, "file_locked");
    await call({ uuid: "f2" });
    const [, , missing] = await mock.requests();
    assert.deepEqual(missing.violations.map((v) => v.rule), ["field_missing"]);
    const { operations } = await (await fetch(`${mock.url}/__admin/operations`, { headers: { Authorization: `Bearer ${mock.adminToken}` } })).json();
    assert.equal(operations.find((op) => op.name === "fileRename").source, path.join(tmp, "drive-api.yaml"));
  } finally {
    await mock.stop();
  }
  // A push cannot name a file: an admin call must not make drivemock read one.
  const mock2 = await startDrivemock({});
  try {
    await assert.rejects(mock2.push(`operations: ${path.join(tmp, "drive-api.yaml")}\ndirectories: {}\n`), /only a scenario file may/);
  } finally {
    await mock2.stop();
  }
});
