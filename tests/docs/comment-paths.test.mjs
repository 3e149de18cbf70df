// No comment names a file that does not exist (issue 51): a comment that
// says where to look must still point somewhere. Reads every source, script
// and build file of the checkout, takes its comments, and checks each path
// they name: from the checkout's root (`tests/cli/test_proxy.cpp`), or a
// module under src/ (`scenario/engine`, `http/connection.h`), with or
// without its extension.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const skipped = new Set([".git", "node_modules", "build", ".doc-examples", "corpus", "regressions"]);
const slashSlash = /\.(cpp|h|in|js|mjs|cjs|ts)$/;
const hash = /(^|\/)(CMakeLists\.txt|Makefile|Dockerfile|[^./]+)$|\.(sh|cmake|yaml|yml|supp|dict|lua)$/;

/** Every file under `dir` that can carry comments, relative to the root. */
function files(dir = "") {
  let entries;
  try {
    entries = fs.readdirSync(path.join(root, dir), { withFileTypes: true });
  } catch (error) {
    if (error.code === "ENOENT") return [];  // a suite beside this one removed it
    throw error;
  }
  return entries.flatMap((entry) => {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : files(rel);
    return slashSlash.test(rel) || hash.test(rel) ? [rel] : [];
  });
}

/** The comments of a file's text, line by line: [{line, text}]. */
export function comments(file, text) {
  const out = [];
  const lines = text.split("\n");
  if (slashSlash.test(file)) {
    let block = false;
    lines.forEach((line, i) => {
      if (block || /^\s*(\/\*|\*)/.test(line)) {
        out.push({ line: i + 1, text: line });
        block = !line.includes("*/") && (block || line.includes("/*"));
        return;
      }
      const at = line.indexOf("// ");
      if (at >= 0 && !line.slice(0, at).includes('"')) out.push({ line: i + 1, text: line.slice(at) });
    });
  } else {
    lines.forEach((line, i) => {
      const at = line.search(/(^|\s)#(?!!)/);
      if (at >= 0) out.push({ line: i + 1, text: line.slice(at) });
    });
  }
  return out;
}

const top = "src|tests|bench|scripts|docs|clients|examples|cmake|scenarios|\\.ci";
const modules = fs
  .readdirSync(path.join(root, "src"), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .join("|");
const named = new RegExp(String.raw`(?<![\w./~$-])((?:${top}|${modules})/[\w.\-/]*\w)`, "g");
const extensions = ["", ".h", ".cpp", ".js", ".mjs", ".md", ".sh"];
// `drivemock/filen` and the like are the JS package's entry points, not files.
const entryPoints = Object.keys(
  JSON.parse(fs.readFileSync(path.join(root, "clients/js/package.json"), "utf8")).exports,
).map((key) => path.posix.join("drivemock", key));

/** Whether `name`, said in a comment of `file`, is a file or folder here. */
export function exists(name, file) {
  if (entryPoints.includes(name)) return true;
  const bases = [root, path.join(root, "src"), path.join(root, path.dirname(file))];
  return bases.some((base) => extensions.some((ext) => fs.existsSync(path.join(base, name + ext))));
}

/** A file's text; empty for one another test removed since it was listed
 * (a temporary file of a suite running beside this one). */
function textOf(file) {
  try {
    return fs.readFileSync(path.join(root, file), "utf8");
  } catch (error) {
    if (error.code === "ENOENT") return "";
    throw error;
  }
}

test("every path a comment names exists", () => {
  const missing = files().flatMap((file) =>
    comments(file, textOf(file)).flatMap(({ line, text }) =>
      [...text.matchAll(named)]
        .map((m) => m[1])
        .filter((name) => !/[A-Z]{2,}|\*/.test(name) && !exists(name, file))
        .map((name) => `${file}:${line}: ${name}`),
    ),
  );
  assert.deepEqual(missing, []);
});

// ARCHITECTURE.md describes the layout: every path it names exists, and in
// its table of folders every module a row names (a lowercase name alone in
// backticks: `scope`, `session_registry`) is a file of that row's folder, or
// of a folder the row names; functions are written as calls (`decide()`),
// keys with their colon (`when:`). A file moved, renamed or deleted makes
// the page fail until it is told.

const srcModules = fs
  .readdirSync(path.join(root, "src"), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .flatMap((e) => fs.readdirSync(path.join(root, "src", e.name)).map((f) => `${e.name}/${f.split(".")[0]}`));

/** Each module a row of the folder table names that is no file of the folders it may be in. */
export function strayModules(text, modules = srcModules) {
  const stray = [];
  for (const line of text.split("\n")) {
    const row = line.match(/^\| `([a-z_]+)\/` \| (.*) \|$/);
    if (!row) continue;
    const [, folder, cells] = row;
    const folders = [folder, ...[...cells.matchAll(/`([a-z_]+)\/`/g)].map((m) => m[1])];
    for (const m of cells.matchAll(/`([a-z][a-z0-9_]*)`/g)) {
      if (!folders.some((f) => modules.includes(`${f}/${m[1]}`))) stray.push(`${folder}/: ${m[1]}`);
    }
  }
  return stray;
}

test("every path ARCHITECTURE.md names exists, and every module its table names is where it says", () => {
  const text = fs.readFileSync(path.join(root, "ARCHITECTURE.md"), "utf8");
  const paths = [...text.matchAll(named)]
    .map((m) => m[1])
    .filter((name) => !/[A-Z]{2,}|\*/.test(name) && !exists(name, "ARCHITECTURE.md"));
  assert.deepEqual(paths, []);
  assert.deepEqual(strayModules(text), []);
  const sample = "| `session/` | sessions (`session_registry`), a request's scope (`request_session`), its near misses (`near_miss_calls` in `scenario/`), `decide()` |";
  assert.deepEqual(strayModules(sample, ["session/session_registry", "scenario/near_miss_calls"]), [
    "session/: request_session",
  ]);
});

// A citation of a section names a file of this checkout: one of a file
// kept elsewhere points nowhere a reader of the repository can open.
test("no comment or page cites a section of a file that is not in the checkout", () => {
  const pages = ["README.md", "ARCHITECTURE.md", ...fs.readdirSync(path.join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
  const cited = [
    ...files().flatMap((file) => comments(file, fs.readFileSync(path.join(root, file), "utf8")).map(({ line, text }) => ({ at: `${file}:${line}`, text }))),
    ...pages.flatMap((page) => fs.readFileSync(path.join(root, page), "utf8").split("\n").map((text, i) => ({ at: `${page}:${i + 1}`, text }))),
  ].flatMap(({ at, text }) =>
    [...text.matchAll(/\b([A-Za-z][\w./-]*)\s+§\s?\d/g)]
      .map((m) => m[1])
      .filter((name) => !/^RFC$/.test(name) && !exists(name, "") && !exists(`${name}.md`, ""))
      .map((name) => `${at}: ${name}`),
  );
  assert.deepEqual(cited, []);
});
