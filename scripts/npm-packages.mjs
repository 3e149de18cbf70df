#!/usr/bin/env node
// make npm: the two npm packages, as tarballs ready to install or publish.
//
//   drivemock-<v>.tgz                  the JS package (clients/js), naming the
//                                      platform package in optionalDependencies
//   drivemock-linux-x64-gnu-<v>.tgz    the portable binary alone, installed by
//                                      npm only where os, cpu and libc fit
//
// Both carry the binary's own version (`drivemock --version`, from CMake's
// project version), which clients/js/package.json must equal. `repository`
// is NPM_REPOSITORY, else git's `origin`; without either it is left out and a
// warning says that a release must set it.
//
// Usage: node scripts/npm-packages.mjs PORTABLE-BINARY OUT-DIR
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [binary, outArg] = process.argv.slice(2);
if (!binary || !outArg) {
  console.error("usage: node scripts/npm-packages.mjs PORTABLE-BINARY OUT-DIR");
  process.exit(2);
}
const out = path.resolve(outArg);
const fail = (message) => {
  console.error(`npm-packages: ${message}`);
  process.exit(1);
};

const version = execFileSync(binary, ["--version"], { encoding: "utf8" }).trim();
const jsDir = path.join(root, "clients/js");
const manifest = JSON.parse(fs.readFileSync(path.join(jsDir, "package.json"), "utf8"));
if (manifest.version !== version) {
  fail(`clients/js/package.json says ${manifest.version}, the binary ${version} (CMakeLists.txt's project version): make them one`);
}

function repositoryUrl() {
  if (process.env.NPM_REPOSITORY) return process.env.NPM_REPOSITORY;
  try {
    return execFileSync("git", ["-C", root, "remote", "get-url", "origin"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return null;
  }
}
const url = repositoryUrl();
if (!url) console.warn("npm-packages: warning: no NPM_REPOSITORY and no git origin: the packages have no `repository`; set NPM_REPOSITORY for a release");
const repository = (directory) => (url ? { repository: { type: "git", url, directory } } : {});

const platformName = "drivemock-linux-x64-gnu";
const stage = path.join(out, "stage");
fs.rmSync(stage, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
for (const old of fs.readdirSync(out).filter((f) => f.endsWith(".tgz"))) fs.rmSync(path.join(out, old));

// The platform package: the binary (without its symbol tables), a manifest,
// the project's LICENSE and the THIRD-PARTY-NOTICES of what the binary links
// statically (written beside it by its build: cmake/PortableBinary.cmake).
const notices = path.join(path.dirname(binary), "THIRD-PARTY-NOTICES");
if (!fs.existsSync(notices)) fail(`${notices} is missing: the portable binary's build writes it beside the binary`);
const platformDir = path.join(stage, platformName);
fs.mkdirSync(path.join(platformDir, "bin"), { recursive: true });
fs.copyFileSync(path.join(root, "LICENSE"), path.join(platformDir, "LICENSE"));
fs.copyFileSync(notices, path.join(platformDir, "THIRD-PARTY-NOTICES"));
execFileSync("strip", ["--strip-all", "-o", path.join(platformDir, "bin/drivemock"), binary]);
fs.chmodSync(path.join(platformDir, "bin/drivemock"), 0o755);
const platformManifest = {
  name: platformName,
  version,
  description: `The drivemock binary for Linux on x86-64 with glibc 2.34 or later; installed by the drivemock package where it fits`,
  license: manifest.license,
  ...repository("clients/js"),
  os: ["linux"],
  cpu: ["x64"],
  libc: ["glibc"],
  files: ["bin/drivemock", "THIRD-PARTY-NOTICES"],
  preferUnplugged: true,
};
fs.writeFileSync(path.join(platformDir, "package.json"), JSON.stringify(platformManifest, null, 2) + "\n");
fs.writeFileSync(
  path.join(platformDir, "README.md"),
  `# ${platformName}\n\nThe \`drivemock\` binary (${version}) for Linux on x86-64, glibc 2.34 or later, ` +
    `linked statically with everything but glibc. Install \`drivemock\`, which depends on this ` +
    `package where it fits, rather than this one alone.\n`,
);

/**
 * The README's links must work from an installed package, where the
 * repository's docs/ is not: the pages ship inside the package (docs/, the
 * project's README as docs/README.md with its images), and links are
 * rewritten to them. A link to anything else of the repository (bench/,
 * examples/) points at the repository when it is known, else is left as text.
 */
function shipDocs(stage) {
  const docsDir = path.join(root, "docs");
  const shipped = path.join(stage, "docs");
  fs.mkdirSync(shipped, { recursive: true });
  const pages = fs.readdirSync(docsDir).filter((f) => /\.(md|png)$/.test(f));
  for (const f of pages) fs.copyFileSync(path.join(docsDir, f), path.join(shipped, f));
  fs.copyFileSync(path.join(root, "README.md"), path.join(shipped, "README.md"));
  // Only a web address can be linked to from a page anywhere.
  const web = url && /^(git\+)?https:\/\//.test(url) ? url.replace(/^git\+/, "").replace(/\.git$/, "") : null;
  const blob = web ? web + "/blob/HEAD/" : null;
  // A page's links, `from` its directory in the repository, to the shipped
  // pages as seen from `shippedAt` (its place relative to docs/ in the
  // package); a link to nothing shipped and no web address becomes its text.
  const relink = (text, from, shippedAt) =>
    text.replace(
      /(!?)\[([^\]]*)\]\((?!https?:|mailto:|#)([^)\s#]+)(#[^)\s]*)?(\s+"[^"]*")?\)/g,
      (whole, bang, label, target, anchor, title) => {
        const inRepo = path.posix.normalize(path.posix.join(from, target));
        let to;
        if (inRepo === "README.md") to = shippedAt + "README.md";
        else if (inRepo.startsWith("docs/") && fs.existsSync(path.join(root, inRepo))) to = shippedAt + inRepo.slice(5);
        else if (inRepo.startsWith("clients/js/") && fs.existsSync(path.join(stage, inRepo.slice(11)))) {
          to = (shippedAt ? "" : "../") + inRepo.slice(11); // the package's own files
        } else if (blob) to = blob + inRepo;
        else return bang ? "" : label;
        return `${bang}[${label}](${to}${anchor ?? ""}${title ?? ""})`;
      },
    );
  for (const f of fs.readdirSync(shipped).filter((f) => f.endsWith(".md"))) {
    const file = path.join(shipped, f);
    fs.writeFileSync(file, relink(fs.readFileSync(file, "utf8"), f === "README.md" ? "" : "docs", ""));
  }
  const readme = path.join(stage, "README.md");
  fs.writeFileSync(readme, relink(fs.readFileSync(readme, "utf8"), "clients/js", "docs/"));
}

// The JS package: its published files, with the platform package at the same version.
const jsStage = path.join(stage, "drivemock");
fs.mkdirSync(jsStage, { recursive: true });
for (const entry of [...manifest.files, "package.json"]) {
  fs.cpSync(path.join(jsDir, entry), path.join(jsStage, entry), { recursive: true });
}
shipDocs(jsStage);
fs.copyFileSync(path.join(root, "LICENSE"), path.join(jsStage, "LICENSE"));
const published = {
  ...manifest,
  files: [...manifest.files, "docs/"],
  ...repository("clients/js"),
  optionalDependencies: { [platformName]: version },
};
delete published.devDependencies;
delete published.scripts;
fs.writeFileSync(path.join(jsStage, "package.json"), JSON.stringify(published, null, 2) + "\n");

for (const dir of [platformDir, jsStage]) {
  const [packed] = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", out], { cwd: dir, encoding: "utf8" }),
  );
  const size = fs.statSync(path.join(out, packed.filename)).size;
  console.log(`${path.join(outArg, packed.filename)}: ${(size / 1024).toFixed(0)} KiB packed, ${packed.entryCount} files, ${(packed.unpackedSize / 1024).toFixed(0)} KiB installed`);
}
