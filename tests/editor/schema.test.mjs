// The scenario format's JSON Schema as an editor uses it (issue 76, part 2):
// the yaml-language-server package (what VS Code's YAML extension runs),
// spoken to over stdio as an editor does, on documents that turn the schema
// on with the one line docs/scenarios.md shows. The example scenarios get no
// diagnostic; broken copies get one at the broken line; inside an answer,
// completion offers the answer's keys.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const schema = path.join(root, "clients/js/scenario.schema.json");
const server = path.join(here, "node_modules/yaml-language-server/bin/yaml-language-server");

/// A language server over stdio: JSON-RPC with Content-Length framing.
class LanguageServer {
  constructor() {
    this.child = spawn(process.execPath, [server, "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });
    this.nextId = 1;
    this.pending = new Map();
    this.diagnostics = new Map();
    this.waiters = [];
    let buffer = Buffer.alloc(0);
    this.child.stdout.on("data", (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const head = buffer.indexOf("\r\n\r\n");
        if (head < 0) return;
        const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, head).toString())[1]);
        if (buffer.length < head + 4 + length) return;
        this.receive(JSON.parse(buffer.subarray(head + 4, head + 4 + length).toString()));
        buffer = buffer.subarray(head + 4 + length);
      }
    });
  }

  send(message) {
    const text = JSON.stringify({ jsonrpc: "2.0", ...message });
    this.child.stdin.write(`Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  }

  request(method, params) {
    const id = this.nextId++;
    this.send({ id, method, params });
    return new Promise((resolve) => this.pending.set(id, resolve));
  }

  notify(method, params) {
    this.send({ method, params });
  }

  receive(message) {
    if (message.id !== undefined && this.pending.has(message.id)) {
      this.pending.get(message.id)(message.result);
      this.pending.delete(message.id);
    } else if (message.id !== undefined) {
      // A request of the server's (configuration, registration): answered empty.
      this.send({ id: message.id, result: message.method === "workspace/configuration" ? [this.settings.yaml] : null });
    } else if (message.method === "textDocument/publishDiagnostics") {
      this.diagnostics.set(message.params.uri, message.params);
      for (const waiter of this.waiters) waiter();
    }
  }

  /// The diagnostics of `uri` at its `version`, once published.
  diagnosticsOf(uri, version) {
    return new Promise((resolve) => {
      const check = () => {
        const published = this.diagnostics.get(uri);
        if (published && (published.version === undefined || published.version === version)) {
          this.waiters = this.waiters.filter((w) => w !== check);
          resolve(published.diagnostics);
        }
      };
      this.waiters.push(check);
      check();
    });
  }
}

let ls;
let documents = 0;
before(async () => {
  ls = new LanguageServer();
  ls.settings = { yaml: { validate: true, completion: true, hover: true, schemaStore: { enable: false } } };
  await ls.request("initialize", { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: {} });
  ls.notify("initialized", {});
  ls.notify("workspace/didChangeConfiguration", { settings: ls.settings });
});
after(() => ls?.child.kill());

/// Opens `text` with the schema line on top, as docs/scenarios.md shows it;
/// the line is 1, so the document's own lines are 2 on.
function open(text) {
  const uri = pathToFileURL(path.join(here, `.doc-${++documents}.yaml`)).href;
  const full = `# yaml-language-server: $schema=${pathToFileURL(schema).href}\n${text}`;
  ls.notify("textDocument/didOpen", { textDocument: { uri, languageId: "yaml", version: 1, text: full } });
  return uri;
}

async function diagnosticsFor(text) {
  const uri = open(text);
  return (await ls.diagnosticsOf(uri, 1)).map((d) => ({ line: d.range.start.line + 1, message: d.message }));
}

// The example scenarios, and a recording as drivemock writes one.
const examples = ["scenarios", "examples/recordings"].flatMap((dir) =>
  fs.readdirSync(path.join(root, dir), { recursive: true })
    .filter((f) => /\.ya?ml$/.test(f)).map((f) => path.join(dir, f)));

test("the schema is JSON Schema 2020-12 with a description and examples for every key", () => {
  const parsed = JSON.parse(fs.readFileSync(schema, "utf8"));
  assert.equal(parsed.$schema, "https://json-schema.org/draft/2020-12/schema");
  const undocumented = [];
  const walk = (node, where) => {
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node.properties || {})) {
      if (!value.description || !value.examples && !value.$ref) undocumented.push(`${where}.${key}`);
      walk(value, `${where}.${key}`);
    }
    for (const [name, value] of Object.entries(node.$defs || {})) walk(value, `$defs.${name}`);
  };
  walk(parsed, "");
  assert.deepEqual(undocumented, []);
});

for (const file of examples) {
  test(`${file}: no diagnostic`, async () => {
    assert.deepEqual(await diagnosticsFor(fs.readFileSync(path.join(root, file), "utf8")), []);
  });
}

test("an unknown key is marked at its line", async () => {
  const found = await diagnosticsFor("directories:\n  d1:\n    trash:\n      htp: 503\n");
  assert.ok(found.some((d) => d.line === 5), JSON.stringify(found));
});

test("a wrong type is marked at its line", async () => {
  const found = await diagnosticsFor("directories:\n  d1:\n    trash:\n      respond: {http: slow}\n");
  assert.ok(found.some((d) => d.line === 5 && /integer/i.test(d.message)), JSON.stringify(found));
});

test("a rule without respond is marked at its line", async () => {
  const found = await diagnosticsFor(
    "directories:\n  d1:\n    trash:\n      - when: {state: trashed}\n        then: active\n");
  assert.ok(found.some((d) => d.line === 5), JSON.stringify(found));
});

test("inside an answer, completion offers the answer's keys", async () => {
  const uri = open("directories:\n  d1:\n    trash:\n      respond:\n        \n");
  await ls.diagnosticsOf(uri, 1);
  const result = await ls.request("textDocument/completion", { textDocument: { uri }, position: { line: 5, character: 8 } });
  const labels = (result.items || result).map((i) => i.label);
  for (const key of ["http", "body", "raw", "headers", "delay_ms", "fault"]) {
    assert.ok(labels.includes(key), `${key} in ${labels}`);
  }
});
