// What the contract tests share: the drivemock binary (DRIVEMOCK_BIN, as
// ctest sets it), running it, sending a request byte for byte, and the two
// Pact verifiers run on a pact.
import { execFile } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { startDrivemock } from "drivemock";

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

/**
 * Verifies `pactFile` with Pact JS's Verifier (verify.mjs, a process of its
 * own) against a drivemock serving `scenarioFile`, twice: the second run
 * finds the directories as the first left them (trashed), so it passes only
 * if each interaction's provider state is put in place. Resolves with
 * {passed, output}.
 */
export async function verifyTwice(pactFile, scenarioFile) {
  const provider = await startDrivemock({ preset: "filen", scenarios: scenarioFile });
  try {
    let output = "";
    for (let run = 1; run <= 2; ++run) {
      const verified = await promisify(execFile)(process.execPath, [path.join(here, "verify.mjs"), pactFile, provider.url], {
        env: { ...process.env, DRIVEMOCK_ADMIN_TOKEN: provider.adminToken },
        maxBuffer: 64 << 20,
      }).catch((e) => e);
      output += `${verified.stdout}\n${verified.stderr}`;
      if (verified.code) return { passed: false, output };
    }
    return { passed: true, output };
  } finally {
    await provider.stop();
  }
}

/** Runs the Rust `pact verifier` (@pact-foundation/pact-cli) on `pactFile` against `provider`, its states set by drivemock's state-change URL. */
export function rustVerify(pactFile, provider, extra = []) {
  const bin = path.join(here, "node_modules/.bin/pact-verifier");
  const { port, hostname } = new URL(provider.url);
  return promisify(execFile)(
    bin,
    ["--file", pactFile, "--hostname", hostname, "--port", port, "--state-change-url", `${provider.url}/__admin/pact/provider-states`, "--header", `Authorization=Bearer ${provider.adminToken}`, ...extra],
    // No usage report from a test run: the verifier phones home unless told.
    { maxBuffer: 64 << 20, env: { ...process.env, PACT_DO_NOT_TRACK: "true" } },
  ).then(
    (r) => ({ passed: true, output: `${r.stdout}\n${r.stderr}` }),
    (e) => ({ passed: false, output: `${e.stdout}\n${e.stderr}` }),
  );
}
