#!/usr/bin/env node
// make npm (this machine's platform) and make npm-all (every one): the npm
// packages, as tarballs ready to install or publish.
//
//   drivemock-<v>.tgz                    the JS package (clients/js), naming each
//                                        platform package in optionalDependencies
//   drivemock-linux-x64-gnu-<v>.tgz      a portable binary alone, one package per
//   drivemock-linux-arm64-gnu-<v>.tgz    architecture, installed by npm only where
//                                        os, cpu and libc fit
//
// Each binary's architecture is read off its ELF header and its glibc floor
// off the glibc versions it needs (readelf), never taken from a name; the
// floor goes into its package.json (`drivemock.glibc`), which the launcher
// checks against the machine's glibc before starting it. Every binary is run
// for its version, which must be clients/js/package.json's: a binary for
// another architecture runs under the command in DRIVEMOCK_RUN_<ARCH>
// (make npm-all: DRIVEMOCK_RUN_ARM64, the run script of scripts/arm64-sysroot).
// `repository` is NPM_REPOSITORY, else git's `origin`; without either it is
// left out and a warning says that a release must set it.
//
// Usage: node scripts/npm-packages.mjs OUT-DIR PORTABLE-BINARY...
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [outArg, ...binaries] = process.argv.slice(2);
if (!outArg || binaries.length === 0) {
  console.error("usage: node scripts/npm-packages.mjs OUT-DIR PORTABLE-BINARY...");
  process.exit(2);
}
const out = path.resolve(outArg);
const fail = (message) => {
  console.error(`npm-packages: ${message}`);
  process.exit(1);
};

// The architectures a platform package is made for, by ELF e_machine.
const ARCHITECTURES = {
  62: { cpu: "x64", label: "x86-64", strip: "strip", run: "DRIVEMOCK_RUN_X64" },
  183: { cpu: "arm64", label: "arm64 (aarch64)", strip: "aarch64-linux-gnu-strip", run: "DRIVEMOCK_RUN_ARM64" },
};

function architectureOf(binary) {
  const head = Buffer.alloc(20);
  const fd = fs.openSync(binary, "r");
  try {
    fs.readSync(fd, head, 0, head.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head.toString("latin1", 0, 4) !== "\x7fELF" || head[4] !== 2 || head[5] !== 1) {
    fail(`${binary} is not a 64-bit little-endian ELF executable`);
  }
  const arch = ARCHITECTURES[head.readUInt16LE(18)];
  if (!arch) fail(`${binary} is for ELF machine ${head.readUInt16LE(18)}, which no platform package is made for`);
  return arch;
}

/** The newest glibc version the binary needs, as "2.34". */
function glibcFloor(binary) {
  const text = execFileSync("readelf", ["-VW", binary], { encoding: "utf8" });
  const versions = [...text.matchAll(/Name: GLIBC_(\d+)\.(\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
  if (versions.length === 0) fail(`${binary} needs no glibc version: it is not the portable binary`);
  versions.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return versions.at(-1).join(".");
}

function versionOf(binary, arch) {
  const runner = (process.arch === arch.cpu ? "" : process.env[arch.run] ?? "").split(" ").filter(Boolean);
  if (process.arch !== arch.cpu && runner.length === 0) {
    fail(`${binary} is for ${arch.label}: set ${arch.run} to a command that runs it here (for arm64: the run script of scripts/arm64-sysroot)`);
  }
  const [command, ...args] = runner.length ? [...runner, binary] : [binary];
  return execFileSync(command, [...args, "--version"], { encoding: "utf8" }).trim();
}

const jsDir = path.join(root, "clients/js");
const manifest = JSON.parse(fs.readFileSync(path.join(jsDir, "package.json"), "utf8"));
const version = manifest.version;
const platforms = binaries.map((binary) => {
  const arch = architectureOf(binary);
  const found = versionOf(binary, arch);
  if (found !== version) {
    fail(`clients/js/package.json says ${version}, the ${arch.label} binary ${found} (CMakeLists.txt's project version): make them one`);
  }
  return { binary, arch, name: `drivemock-linux-${arch.cpu}-gnu`, glibc: glibcFloor(binary) };
});
if (new Set(platforms.map((p) => p.name)).size !== platforms.length) fail("two binaries for one architecture");

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

const stage = path.join(out, "stage");
fs.rmSync(stage, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
for (const old of fs.readdirSync(out).filter((f) => f.endsWith(".tgz"))) fs.rmSync(path.join(out, old));

// A platform package: the binary (without its symbol tables), a manifest,
// the project's LICENSE and the THIRD-PARTY-NOTICES of what the binary links
// statically (written beside it by its build: cmake/PortableBinary.cmake).
function stagePlatform({ binary, arch, name, glibc }) {
  const notices = path.join(path.dirname(binary), "THIRD-PARTY-NOTICES");
  if (!fs.existsSync(notices)) fail(`${notices} is missing: the portable binary's build writes it beside the binary`);
  const dir = path.join(stage, name);
  fs.mkdirSync(path.join(dir, "bin"), { recursive: true });
  fs.copyFileSync(path.join(root, "LICENSE"), path.join(dir, "LICENSE"));
  fs.copyFileSync(notices, path.join(dir, "THIRD-PARTY-NOTICES"));
  execFileSync(arch.strip, ["--strip-all", "-o", path.join(dir, "bin/drivemock"), binary]);
  fs.chmodSync(path.join(dir, "bin/drivemock"), 0o755);
  const platformManifest = {
    name,
    version,
    description: `The drivemock binary for Linux on ${arch.label} with glibc ${glibc} or later; installed by the drivemock package where it fits`,
    license: manifest.license,
    ...repository("clients/js"),
    os: ["linux"],
    cpu: [arch.cpu],
    libc: ["glibc"],
    files: ["bin/drivemock", "THIRD-PARTY-NOTICES"],
    preferUnplugged: true,
    drivemock: { glibc },
  };
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(platformManifest, null, 2) + "\n");
  fs.writeFileSync(
    path.join(dir, "README.md"),
    `# ${name}\n\nThe \`drivemock\` binary (${version}) for Linux on ${arch.label}, glibc ${glibc} or later, ` +
      `linked statically with everything but glibc. Install \`drivemock\`, which depends on this ` +
      `package where it fits, rather than this one alone.\n`,
  );
  return dir;
}
const platformDirs = platforms.map(stagePlatform);

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
  optionalDependencies: Object.fromEntries(platforms.map((p) => [p.name, version])),
};
delete published.devDependencies;
delete published.scripts;
fs.writeFileSync(path.join(jsStage, "package.json"), JSON.stringify(published, null, 2) + "\n");

// Platform packages first: a release publishes them before the package that names them.
for (const dir of [...platformDirs, jsStage]) {
  const [packed] = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", out], { cwd: dir, encoding: "utf8" }),
  );
  const size = fs.statSync(path.join(out, packed.filename)).size;
  console.log(`${path.join(outArg, packed.filename)}: ${(size / 1024).toFixed(0)} KiB packed, ${packed.entryCount} files, ${(packed.unpackedSize / 1024).toFixed(0)} KiB installed`);
}
