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
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
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

test("every path a comment names exists", () => {
  const missing = files().flatMap((file) =>
    comments(file, fs.readFileSync(path.join(root, file), "utf8")).flatMap(({ line, text }) =>
      [...text.matchAll(named)]
        .map((m) => m[1])
        .filter((name) => !/[A-Z]{2,}|\*/.test(name) && !exists(name, file))
        .map((name) => `${file}:${line}: ${name}`),
    ),
  );
  assert.deepEqual(missing, []);
});
