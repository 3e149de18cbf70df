// The calls both parallel suites (vitest/ and node/) make against the
// baseline in scenarios.yaml.
import { FilenSDK } from "@filen/sdk";
import { filenTestConfig } from "drivemock/filen";

/** The outcomes of `n` color changes through the SDK: "ok", or the failure's code. */
export async function colorCodes(apiKey, uuid, n) {
  const sdk = new FilenSDK(filenTestConfig({ apiKey }));
  const codes = [];
  for (let i = 0; i < n; i += 1) {
    codes.push(await sdk.api(3).dir().color({ uuid, color: "blue" }).then(() => "ok", (e) => e.code ?? String(e.status)));
  }
  return codes;
}

/** The HTTP statuses of `n` calls of the random rule, placed in `session` by its header (no SDK retries). */
export async function picks(session, n) {
  const out = [];
  for (let i = 0; i < n; i += 1) {
    const res = await fetch(`${session.url}/v3/dir/color`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...session.headers },
      body: JSON.stringify({ uuid: "flaky-folder", color: "red" }),
    });
    out.push(res.status);
  }
  return out;
}
