// A registry of a few package tarballs on loopback, answering npm as the npm
// registry does (a packument per name, the tarball at its dist.tarball), so
// that `npm install --registry` resolves a package and its
// optionalDependencies from them and chooses among those by os and cpu as it
// does from the real one. Any other name is a 404: nothing is fetched from
// elsewhere. (npm's `overrides` with file: tarballs did the same on npm 10
// and later, but Debian 12's npm 9.2 refuses them: "Invalid comparator".)
import crypto from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

function manifestOf(tgz) {
  return JSON.parse(execFileSync("tar", ["-xzOf", tgz, "package/package.json"], { encoding: "utf8" }));
}

/**
 * Serves `tarballs` until close(); resolves to { url, close, requested },
 * `requested` listing the names npm asked for.
 */
export async function startLocalRegistry(tarballs) {
  const packages = new Map();
  for (const tgz of tarballs) {
    const manifest = manifestOf(tgz);
    const bytes = fs.readFileSync(tgz);
    packages.set(manifest.name, {
      manifest,
      bytes,
      file: path.basename(tgz),
      integrity: "sha512-" + crypto.createHash("sha512").update(bytes).digest("base64"),
      shasum: crypto.createHash("sha1").update(bytes).digest("hex"),
    });
  }
  const requested = [];
  const server = http.createServer((req, res) => {
    const wanted = decodeURIComponent(new URL(req.url, "http://registry").pathname.slice(1));
    const tarball = [...packages.values()].find((p) => wanted === `-/${p.file}`);
    if (tarball) {
      res.writeHead(200, { "Content-Type": "application/octet-stream" });
      res.end(tarball.bytes);
      return;
    }
    requested.push(wanted);
    const found = packages.get(wanted);
    if (!found) {
      res.writeHead(404, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: "not found" }));
      return;
    }
    const { manifest } = found;
    const dist = { tarball: `${base}/-/${found.file}`, integrity: found.integrity, shasum: found.shasum };
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({
      name: manifest.name,
      "dist-tags": { latest: manifest.version },
      versions: { [manifest.version]: { ...manifest, dist } },
    }));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  return { url: `${base}/`, requested, close: () => new Promise((resolve) => server.close(resolve)) };
}
