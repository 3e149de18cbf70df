// What the contract tests share: the drivemock binary (DRIVEMOCK_BIN, as
// ctest sets it), running it, and sending a request byte for byte.
import { execFile } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, "../..");
export const binary = process.env.DRIVEMOCK_BIN ?? path.join(root, "build/release/src/drivemock");

/** Runs the drivemock command; resolves with {stdout, stderr}, rejects on a non-zero exit. */
export function drivemock(args, options = {}) {
  return promisify(execFile)(binary, args, { maxBuffer: 256 << 20, ...options });
}

/**
 * Sends one request as given: no header added but Host and Content-Length
 * (fetch would add a Content-Type of its own). Resolves with {status, body}.
 */
export function send(base, { method = "POST", path: p, headers = {}, body = "" }) {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(p, base), { method, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode, body: text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}
