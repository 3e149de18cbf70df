// Every test owns its files (issue 57): a test that writes to a fixed name
// in the shared temporary directory collides with itself when ctest runs
// two of its cases at once, or with another checkout's run on the same
// machine (two cases recording to /tmp/drivemock-tls-recording.yaml did).
// This reads the tests' sources and fails on a temporary path built from a
// fixed name: one that names a file or directory under the system's
// temporary directory with nothing that makes it the run's own (a pid, a
// counter, mkdtemp, mktemp, a random part) on its line or the next.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Where the tests are, and which files of theirs are code. */
const places = ["tests", "clients/js/test", "examples"];
const code = /\.(cpp|h|js|mjs|cjs|ts|sh|py)$|^run$|^bare-debian$/;
const skipped = new Set(["node_modules", "corpus", "regressions", "dist", ".doc-examples"]);

/** A temporary directory, as each language names it. */
const temporary = /temp_directory_path\(\)|tmpdir\(\)|gettempdir\(\)|\$\{?TMPDIR|(^|[\s"'=:(])\/tmp\//;
/** What makes a name the run's own. */
const own =
  /getpid|process\.pid|counter|mkdtemp|mkstemp|mktemp|TempDir|random|Date\.now|\$\$|\$BASHPID|TemporaryDirectory|NamedTemporaryFile|hrtime/;
/** A name built onto it: a literal after it. */
const named =
  /(temp_directory_path\(\)|tmpdir\(\)|gettempdir\(\)|\$\{?TMPDIR\}?)\s*(\/|,|\+)\s*\(?\s*["'`\w]|(^|[\s"'=:(])\/tmp\/\w/;

export function fixedTemporaryNames(files) {
  const found = [];
  for (const { file, text } of files) {
    const lines = text.split("\n");
    lines.forEach((line, i) => {
      if (!temporary.test(line)) return;
      const statement = line + "\n" + (lines[i + 1] || "");
      if (!named.test(statement) || own.test(statement)) return;
      found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

function sources() {
  const out = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skipped.has(entry.name)) walk(rel);
      } else if (code.test(entry.name) && rel !== path.join("tests", "docs", "temp-names.test.mjs")) {
        out.push({ file: rel, text: fs.readFileSync(path.join(root, rel), "utf8") });
      }
    }
  };
  for (const place of places) if (fs.existsSync(path.join(root, place))) walk(place);
  return out;
}

test("no test writes to a fixed name in the shared temporary directory", () => {
  assert.deepEqual(fixedTemporaryNames(sources()), []);
});

test("the check finds a fixed name in each language, and passes a name made the run's own", () => {
  const cases = [
    ['auto p = std::filesystem::temp_directory_path() / "drivemock-tls-recording.yaml";', true],
    ['const file = path.join(os.tmpdir(), "drivemock-ui.yaml");', true],
    ['out=/tmp/drivemock-run.log', true],
    ['p = os.path.join(tempfile.gettempdir(), "rec.yaml")', true],
    ['auto p = std::filesystem::temp_directory_path() / ("rec-" + std::to_string(::getpid()));', false],
    ['const file = path.join(os.tmpdir(), "drivemock-ui-" + process.pid + ".yaml");', false],
    ['const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pacts-"));', false],
    ['out=$(mktemp /tmp/drivemock-XXXXXX)', false],
    ["auto dir = std::filesystem::temp_directory_path();  // only read", false],
  ];
  for (const [line, fixed] of cases) {
    assert.equal(fixedTemporaryNames([{ file: "t", text: line }]).length, fixed ? 1 : 0, line);
  }
});
