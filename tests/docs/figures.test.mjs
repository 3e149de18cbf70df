// The docs' figures come from one place (issue 51): bench/RESULTS.md, which
// `make bench` writes and dates (bench/PEERS.md for the other mock servers).
// A page names the row it means, as a link to that file whose text is the
// row's name: [requests/s, 50 connections](../bench/RESULTS.md); or quotes
// the figure as a link whose title names the row:
// [73.7 MiB](../bench/RESULTS.md "RSS MiB after 100,000 requests"). This
// test fails on a named row that is no row there, on a quoted figure that
// its row does not hold, and on a measured-looking figure (a decimal with a
// unit of time, memory or ratio, or a count of requests/s or instructions)
// that is no such link: a copy that would drift from the next run. Limits
// and targets ("at most 1.5x", "64 MiB") are settings, not measurements.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const sources = { "RESULTS.md": "bench/RESULTS.md", "PEERS.md": "bench/PEERS.md" };

/** The rows of every table of a Markdown file: arrays of trimmed cells. */
export function tableRows(text) {
  return text
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|[-| :]+\|$/.test(line))
    .map((line) => line.slice(1, -1).split("|").map((cell) => cell.trim()));
}

/** The numbers a cell or a quoted figure holds, as written without commas. */
const numbers = (text) => (text.match(/\d[\d,]*(?:\.\d+)?/g) || []).map((n) => n.replace(/,/g, ""));

/** Whether `quoted` is `held` as written or rounded to the quoted digits. */
function sameFigure(quoted, held) {
  if (quoted === held) return true;
  const digits = (quoted.split(".")[1] || "").length;
  return Number(held).toFixed(digits) === quoted;
}

const pages = [
  "README.md",
  "ARCHITECTURE.md",
  "bench/README.md",
  ...fs.readdirSync(path.join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`),
];

/** The prose of a page, line by line: fenced blocks and code spans blanked. */
function proseLines(text) {
  let fenced = false;
  return text.split("\n").map((line) => {
    if (line.startsWith("```")) {
      fenced = !fenced;
      return "";
    }
    return fenced ? "" : line.replace(/`[^`]*`/g, "``");
  });
}

const link = /\[([^\]]+)\]\(([^)\s]*\/)?(RESULTS|PEERS)\.md(?:#[^)\s]*)?(?:\s+"([^"]*)")?\)/g;
const unit = String.raw`(?:ms|µs|s|MiB|KiB|GiB|MB|KB|GB|x|×|%)(?![\w/])`;
// Durations in minutes and hours are measured however written (a setting
// is given in ms or s); a whole number with a unit is, when the prose says
// it was (about, took, takes, measured, ~).
const duration = String.raw`(?:minutes?|hours?|min)(?![\w/])`;
const measured = new RegExp(
  String.raw`(?<![\w.\-])(\d[\d,]*\.\d+\s?${unit}|\d[\d,]*(?:\.\d+)?(?:\s+to\s+\d[\d,]*)?\s?${duration}|\d[\d,]*\s?(?:requests/s|calls/s|instructions per request|times a second)|(?<=(?:about|around|roughly|took|takes|measured|~)\s)\d[\d,]*\s?${unit})`,
  "gi",
);
const target = /(at most|at least|within|target|limit|under|below|above|over|up to|<=|>=|≤|≥)[^.;:]{0,24}$/i;

/** Every finding of one page: "page:line: what is wrong". */
export function check(page, text, tables) {
  const problems = [];
  const lines = proseLines(text);
  lines.forEach((line, i) => {
    const at = `${page}:${i + 1}`;
    for (const m of line.matchAll(link)) {
      const [, label, , file, title] = m;
      if (label.endsWith(`${file}.md`)) continue; // the file itself, no row of it
      const rows = tables[`${file}.md`];
      const row = title ?? label;
      const named = rows.filter((cells) => cells[0] === row);
      if (named.length === 0) {
        problems.push(`${at}: "${row}" is no row of bench/${file}.md`);
      } else if (title !== undefined) {
        for (const figure of numbers(label)) {
          const held = named.flatMap((cells) => cells.slice(1).flatMap(numbers));
          if (!held.some((h) => sameFigure(figure, h))) {
            problems.push(`${at}: ${figure} is not in the row "${row}" of bench/${file}.md (it holds ${held.join(", ")})`);
          }
        }
      }
    }
    // With the next line: a figure broken over two lines is one figure.
    const bare = line.replace(link, "[]");
    const joined = `${bare} ${(lines[i + 1] ?? "").replace(link, "[]")}`;
    for (const m of joined.matchAll(measured)) {
      if (m.index >= bare.length) continue; // the next line's own
      if (target.test(bare.slice(0, m.index))) continue;
      problems.push(`${at}: "${m[1]}" reads as a measured figure: link it to the row of bench/RESULTS.md it comes from`);
    }
  });
  return problems;
}

test("every figure the docs quote is a row of bench/RESULTS.md, linked", () => {
  const tables = Object.fromEntries(
    Object.entries(sources).map(([name, file]) => [name, tableRows(fs.readFileSync(path.join(root, file), "utf8"))]),
  );
  const problems = pages.flatMap((page) => check(page, fs.readFileSync(path.join(root, page), "utf8"), tables));
  assert.deepEqual(problems, []);
});

test("the check finds a copied figure, a figure its row does not hold, and an unknown row", () => {
  const tables = { "RESULTS.md": [["RSS MiB idle", "11.0", "8.6"]], "PEERS.md": [] };
  const page = [
    "Idle it holds [11.0 MiB](../bench/RESULTS.md \"RSS MiB idle\"); see [RSS MiB idle](../bench/RESULTS.md).",
    "It answered 1.12x the reference and 21519 requests/s.",
    "Idle: [12.5 MiB](../bench/RESULTS.md \"RSS MiB idle\"), [RSS at rest](../bench/RESULTS.md).",
    "A limit of 64 MiB, at most 1.5x the reference.",
    "make test takes 16 to 18 minutes with about 5,400 MiB, and 8 s of time-out; it ran 2.5",
    "minutes, [2.5 minutes](../bench/RESULTS.md \"RSS MiB idle\") not.",
  ].join("\n");
  assert.deepEqual(check("p.md", page, tables), [
    'p.md:2: "1.12x" reads as a measured figure: link it to the row of bench/RESULTS.md it comes from',
    'p.md:2: "21519 requests/s" reads as a measured figure: link it to the row of bench/RESULTS.md it comes from',
    'p.md:3: 12.5 is not in the row "RSS MiB idle" of bench/RESULTS.md (it holds 11.0, 8.6)',
    'p.md:3: "RSS at rest" is no row of bench/RESULTS.md',
    'p.md:5: "16 to 18 minutes" reads as a measured figure: link it to the row of bench/RESULTS.md it comes from',
    'p.md:5: "5,400 MiB" reads as a measured figure: link it to the row of bench/RESULTS.md it comes from',
    'p.md:5: "2.5 minutes" reads as a measured figure: link it to the row of bench/RESULTS.md it comes from',
    'p.md:6: 2.5 is not in the row "RSS MiB idle" of bench/RESULTS.md (it holds 11.0, 8.6)',
  ]);
});
