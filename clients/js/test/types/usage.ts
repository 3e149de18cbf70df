// A typed usage of the whole API, checked against the declarations by
// `tsc -p test/types` (make test): a name or shape that drifts from
// index.d.ts or filen.d.ts fails the build of this file.
import { startDrivemock, DrivemockError, type Drivemock, type JournalEntry } from "drivemock";
import { connectFilenSdk, filenTestConfig } from "drivemock/filen";

export async function usage(): Promise<void> {
  const mock: Drivemock = await startDrivemock({
    scenarios: ["scenarios/base.yaml"],
    dialect: "service",
    seed: 1,
    strict: true,
    adminToken: "t",
    args: ["--journal-limit", "100"],
    bin: "/usr/bin/drivemock",
    cwd: ".",
    env: { TZ: "UTC" },
  });
  const url: string = mock.url;
  const port: number = mock.port;
  const secure = await startDrivemock({ tls: { port: 0, dir: "/tmp/ca", names: ["mock.internal"] } });
  const tlsUrl: string | null = secure.tlsUrl;
  const tlsPort: number | null = secure.tlsPort;
  const caFile: string | null = secure.caFile;
  await startDrivemock({ tls: true });
  const pid: number | undefined = mock.process.pid;
  const pushed = await mock.push("directories: {d1: {}}", { name: "n", failOnWarnings: true });
  const warnings: string[] = pushed.warnings;
  await mock.push({ directories: {} });
  await mock.pushFile("x.yaml");
  await mock.deleteSet("n");
  await mock.reset({ seed: 2 });
  const entries: JournalEntry[] = await mock.requests({ uuid: "d1" });
  const body: unknown = entries[0]?.request.json;
  const when: string | undefined = entries[0]?.loggedDate;
  await mock.find({ operation: "trash", body: { uuid: "d1" } });
  const n: number = await mock.count({});
  await mock.waitFor({ uuid: "d1" }, { count: 2, timeoutMs: 100 });
  await mock.verifyOrder([{ operation: "color" }, { operation: "trash" }]);
  await mock.unmatched();
  await mock.violations();
  const state: string = (await mock.directory("d1")).state;
  await mock.setState("d1", "trashed");
  const dialect: "document" | "service" = (await mock.health()).dialect;
  await mock.startRecording("https://upstream.example");
  const saved = await mock.stopRecording();
  const captured: number = saved.captured;
  const learnt: string[] = saved.learntOperations;
  const why: string | undefined = saved.uncaptured[0]?.why;
  const connection = connectFilenSdk(mock, { maxRetries: 2, retryTimeout: 5, requestTimeoutMs: 500 });
  const pending: number = connection.pending;
  await connection.disconnect();
  const config = filenTestConfig({ userId: 7 });
  const masterKeys: string[] = config.masterKeys;
  try {
    await mock.push("bad");
  } catch (e) {
    if (e instanceof DrivemockError) {
      const fields: [number | null, string, string, number] = [e.status, e.code, e.message, e.diagnostics.length];
      void fields;
    }
  }
  await mock.stop();
  void [when, url, port, tlsUrl, tlsPort, caFile, pid, warnings, body, n, state, dialect, captured, learnt, why, pending, masterKeys];
}
