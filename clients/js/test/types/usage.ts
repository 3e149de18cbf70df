// A typed usage of the whole API, checked against the declarations by
// `tsc -p test/types` (make test): a name or shape that drifts from
// index.d.ts or filen.d.ts fails the build of this file.
import {
  startDrivemock,
  attachDrivemock,
  DrivemockError,
  type AdminEvent,
  type AttachedDrivemock,
  type Drivemock,
  type JournalEntry,
  type Session,
} from "drivemock";
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
  const secure = await startDrivemock({ tls: { port: 0, dir: ".drivemock-ca", names: ["mock.internal"] } });
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
  await mock.setState("d1", "active", { restart: true });
  const pact: Record<string, unknown> = await mock.pact({ consumer: "app", provider: "drive" });
  const handlers = mock.pactStateHandlers();
  await handlers["a directory exists"].setup({ uuid: "d1" });
  await mock.providerState("a directory is trashed", { uuid: "d1" });
  const dialect: "document" | "service" = (await mock.health()).dialect;
  await mock.startRecording("https://upstream.example");
  const saved = await mock.stopRecording();
  const captured: number = saved.captured;
  const learnt: string[] = saved.learntOperations;
  const why: string | undefined = saved.uncaptured[0]?.why;
  const session0 = await mock.session("typed");
  const connection = connectFilenSdk(mock, { maxRetries: 2, retryTimeout: 5, requestTimeoutMs: 500 });
  const pending: number = connection.pending;
  await connection.disconnect();
  const config = filenTestConfig({ userId: 7 });
  const masterKeys: string[] = config.masterKeys;
  const userId: number = config.userId;
  const withKey: string = filenTestConfig({ apiKey: session0.apiKey }).apiKey;
  void [userId, withKey];
  // @ts-expect-error a misspelt member of the SDK's config (apikey for apiKey)
  filenTestConfig({ apikey: "k" });
  // @ts-expect-error a misspelt option of waitFor
  await mock.waitFor({ uuid: "d1" }, { timeout: 100 });
  // @ts-expect-error a misspelt member of a filter
  await mock.find({ operaton: "trash" });
  try {
    await mock.push("bad");
  } catch (e) {
    if (e instanceof DrivemockError) {
      const fields: [number | null, string, string, number] = [e.status, e.code, e.message, e.diagnostics.length];
      void fields;
    }
  }
  const chosen = await startDrivemock({ port: 8080, host: "0.0.0.0", report: "run.html" });
  const session: Session = await chosen.session("suite > test");
  const apiKey: string = session.apiKey;
  const header: string | undefined = session.headers["X-Drivemock-Session"];
  await session.push("directories: {}", { name: "mine" });
  const tagged: string | undefined = (await session.requests())[0]?.session?.name;
  await session.count({ uuid: "d1", session: session.id });
  const events: AdminEvent[] = await session.events();
  await session.setState("d1", "trashed");
  await session.reset();
  await session.close();
  const open: string[] = (await chosen.sessions()).map((s) => s.id);
  const reported: number = (await chosen.report()).sessions;
  const attached: AttachedDrivemock = await attachDrivemock("http://127.0.0.1:8080", { adminToken: "t" });
  const owned: false = attached.owned;
  const detached: number | null = await attached.stop();
  await mock.stop();
  void [apiKey, header, tagged, events, open, reported, owned, detached];
  void [when, url, port, tlsUrl, tlsPort, caFile, pid, warnings, body, n, state, dialect, captured, learnt, why, pending, masterKeys];
}
