// Types of the drivemock package (index.js, index.mjs).

/**
 * The drivemock child process (Node's ChildProcess; declared here by the
 * members the package promises, so that no @types/node is needed).
 */
export interface DrivemockProcess {
  readonly pid?: number;
  readonly exitCode: number | null;
  readonly signalCode: string | null;
  readonly spawnargs: string[];
  kill(signal?: string | number): boolean;
  once(event: "exit", listener: (code: number | null, signal: string | null) => void): this;
}

export interface StartOptions {
  /** The port to listen on (default 0: a free one). */
  port?: number;
  /** The address to listen on (default 127.0.0.1). */
  host?: string;
  /** Write the report of the run (one HTML file) here at stop (--report). */
  report?: string;
  /** Scenario files or directories (--scenarios), one or several. */
  scenarios?: string | string[];
  /** "document" (the default) or "service": the official clients' `status: true/false`. */
  dialect?: "document" | "service";
  /** "filen": everything the official SDK needs (the service dialect). */
  preset?: "filen";
  /** The seed of random draws (--seed), for a replayable run. */
  seed?: number;
  /** Answer every contract violation with 400 invalid_params (--strict). */
  strict?: boolean;
  /**
   * Refuse mock API calls outside every session (--require-session: 403
   * `no_session`, journaled), so that no call of a test reaches the baseline
   * unseen. Off by default here; on by default in `drivemockGlobalSetup` and
   * `runNodeTests`, whose tests each run in a session.
   */
  requireSession?: boolean;
  /**
   * Serve HTTPS too (--tls-port), with leaves from drivemock's local CA:
   * `true` for a free port, or the port, the CA's directory (--tls-dir) and
   * more names to issue for (--tls-name). The admin calls stay on `url`.
   */
  tls?: boolean | TlsOptions;
  /**
   * The admin token: given to drivemock by its environment, sent with every
   * admin call. Default: a random one, so that other local users cannot use
   * the admin API; `false` starts drivemock without one.
   */
  adminToken?: string | false;
  /** More command-line flags (not --port or --host: use the options). */
  args?: string[];
  /** The executable; else DRIVEMOCK_BIN, else `drivemock` on PATH. */
  bin?: string;
  /** drivemock's working directory. */
  cwd?: string;
  /** More environment variables for drivemock. */
  env?: Record<string, string>;
  /** Request and admin log lines on this process's standard error (default: quiet). */
  verbose?: boolean;
  /** How long drivemock may take to listen (default 8000: under Vitest's 10 s hook time-out). */
  startTimeoutMs?: number;
  /** How long stop() waits after SIGTERM before SIGKILL (default 5000). */
  stopTimeoutMs?: number;
}

export interface TlsOptions {
  /** 0 (the default) picks a free port; the SDK always calls 443. */
  port?: number;
  /** Where the local CA lives (default: $XDG_DATA_HOME/drivemock, else ~/.local/share/drivemock). */
  dir?: string;
  /** Names beside loopback and the gateway names that leaves are issued for. */
  names?: string[];
}

/** A positioned problem of a scenario (line and column from 1; 0 when unknown). */
export interface Diagnostic {
  severity: "error" | "warning";
  file: string;
  line: number;
  column: number;
  message: string;
}

/** A refused admin call, or a start that failed. */
export declare class DrivemockError extends Error {
  /** The admin call's HTTP status; null for a start. */
  status: number | null;
  /** drivemock's code: invalid_scenario, not_found, order_not_met, timeout, start_failed, start_timeout, binary_not_found, stopped (a call after stop()), detached, attach_failed, unknown_session, session_closed, too_many_sessions… */
  code: string;
  diagnostics: Diagnostic[];
  /** The whole JSON answer, when there was one. */
  body: Record<string, unknown> | null;
}

export interface Violation {
  rule: string;
  message: string;
}

/** A session as entries and events name it. */
export interface SessionTag {
  id: string;
  name: string;
}

export interface JournalEntry {
  id: number;
  /** ISO-8601 UTC, milliseconds. */
  loggedDate: string;
  /** The session the request belonged to; null outside sessions. */
  session: SessionTag | null;
  operation: string | null;
  uuid: string | null;
  request: {
    method: string;
    url: string;
    /** Secrets (Authorization, tokens…) as "***". */
    headers: Record<string, string>;
    body: string;
    clientIp: string;
    /** The body parsed; null when it is not JSON. */
    json: any;
  };
  response: {
    status: number;
    body: string;
    fault: string | null;
    proxied: boolean;
    /**
     * A success as the clients read one: no fault, HTTP 2xx, and no envelope
     * whose status is false or "error". Only successes move a uuid's state.
     */
    succeeded: boolean;
    /** The answer's own headers (a scenario's, an upstream's: Retry-After, Content-Type), secrets "***". */
    headers: Record<string, string>;
    /** The body parsed; null when it is not JSON. */
    json: any;
    [key: string]: unknown;
  };
  /** The scenario and rule that answered; null for built-in answers. */
  matched: { scenario: string; rule: number | null } | null;
  violations: Violation[];
  [key: string]: unknown;
}

/** Which requests: every member given must hold; {} matches all. */
export interface RequestFilter {
  method?: string;
  url?: string;
  operation?: string;
  uuid?: string;
  body?: Record<string, unknown>;
  bodyPatterns?: Array<{ equalToJson: unknown }>;
  /** A session's id (a Session's methods add their own). */
  session?: string;
}

/** An admin change: a push, a delete, a reset, a state set, a session opened, reset or closed. */
export interface AdminEvent {
  id: number;
  /** The id of the last request journaled before it. */
  afterRequest: number;
  time: string;
  kind: "push" | "delete" | "reset" | "reload" | "state" | "journal-emptied" | "session-opened" | "session-reset" | "session-closed" | string;
  session: SessionTag | null;
  message: string;
  details: Record<string, string>;
}

/** The admin calls a test makes: on the whole drivemock (Drivemock) or one session (Session). */
export interface ScopedAdmin {
  push(scenario: string | Record<string, unknown>, options?: PushOptions): Promise<PushResult>;
  pushFile(path: string, options?: PushOptions): Promise<PushResult>;
  deleteSet(name: string): Promise<{ status: string; message: string }>;
  /** Oldest first. */
  requests(filter?: { uuid?: string; operation?: string; since?: string; limit?: number; session?: string }): Promise<JournalEntry[]>;
  find(filter?: RequestFilter): Promise<JournalEntry[]>;
  count(filter?: RequestFilter): Promise<number>;
  /** Resolves with the matching entries once `count` match; rejects with code "timeout". */
  waitFor(filter?: RequestFilter, options?: { count?: number; timeoutMs?: number }): Promise<JournalEntry[]>;
  /** Rejects with code "order_not_met" (body: failedFilter, matched, failedFilterMatches). */
  verifyOrder(filters: RequestFilter[]): Promise<{ matched: number[] }>;
  unmatched(): Promise<JournalEntry[]>;
  violations(): Promise<JournalEntry[]>;
  directory(uuid: string): Promise<Directory>;
  setState(uuid: string, state: string, options?: { restart?: boolean }): Promise<Directory>;
  /** A Pact v4 pact of the calls journaled here (POST /__admin/pact). */
  pact(parties: { consumer: string; provider: string }): Promise<Record<string, unknown>>;
  /** Sends one provider state to the state-change URL (POST /__admin/pact/provider-states). */
  providerState(state: string, params?: Record<string, string>, action?: "setup" | "teardown"): Promise<Record<string, unknown>>;
  /** State handlers for Pact's Verifier: every state name goes to drivemock's state-change URL, which sets it up or fails loudly. */
  pactStateHandlers(): Record<string, { setup: (params?: unknown) => Promise<void>; teardown: (params?: unknown) => Promise<void> }>;
  /** The admin changes, oldest first (a Session's: its own). */
  events(): Promise<AdminEvent[]>;
}

/** One test's own part of a drivemock (Drivemock#session); its admin methods are scoped to it. */
export interface Session extends ScopedAdmin {}
export declare class Session {
  readonly id: string;
  readonly name: string;
  /** Give it to the SDK (`filenTestConfig({ apiKey })`): that SDK's calls are this session's. */
  readonly apiKey: string;
  /** { "X-Drivemock-Session": id }: for plain HTTP clients without a bearer. */
  readonly headers: Record<string, string>;
  readonly url: string;
  /** Its sets dropped, states, sequences, windows and draws back to the start; its journal stays. */
  reset(): Promise<SessionInfo>;
  /** How its test ended, for the report and the dashboard (the runner helpers send it); taken after close() too. */
  reportOutcome(outcome: TestOutcome): Promise<unknown>;
  /** Closes it; its journal entries stay. Safe to call twice. */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** A test's outcome as Session#reportOutcome sends it. */
export interface TestOutcome {
  outcome: "passed" | "failed" | "skipped";
  durationMs?: number;
  /** A failure's message (cut at 4 KiB). */
  message?: string;
  /** Where it was thrown: a stack line (cut at 512 bytes). */
  location?: string;
}

/** An open session as GET /__admin/sessions lists it. */
export interface SessionInfo {
  id: string;
  name: string;
  apiKey: string;
  opened: string;
  /** The sets pushed into it. */
  sets: string[];
}

export interface SessionOptions {
  /**
   * The default of the session's pushes: a set with warnings is refused
   * (rejects with them, positions included). Default false; the runner
   * helpers (drivemockTest, runNodeTests) open their sessions with true.
   */
  failOnWarnings?: boolean;
}

export interface AttachOptions {
  /** The admin token (default: DRIVEMOCK_ADMIN_TOKEN of the environment). */
  adminToken?: string;
}

export interface PushOptions {
  /** The set's name, for a document that names itself nothing. */
  name?: string;
  /** Refuse a set with warnings before it loads. */
  failOnWarnings?: boolean;
  /** Check only; nothing changes. */
  dryRun?: boolean;
  /**
   * In a runner helper's session: the test is not failed for this set's
   * rules that no call of it used (the helpers' allowUnusedRules, for one push).
   */
  allowUnused?: boolean;
}

export interface PushResult {
  name: string;
  message: string;
  /** `file:line:column: warning: …`, shadows of earlier sets among them. */
  warnings: string[];
  diagnostics: Diagnostic[];
}

export interface Directory {
  uuid: string;
  state: string;
  color: string | null;
  calls: Record<string, number>;
  [key: string]: unknown;
}

export interface Drivemock extends ScopedAdmin {}
export declare class Drivemock {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly port: number;
  /** https://127.0.0.1:<tlsPort> with the `tls` option; else null. */
  readonly tlsUrl: string | null;
  readonly tlsPort: number | null;
  /** The local CA's certificate (PEM) a client trusts (NODE_EXTRA_CA_CERTS, or https' `ca`); null without `tls` or with --tls-cert. */
  readonly caFile: string | null;
  /** The admin token every admin call sends; null when drivemock has none. */
  readonly adminToken: string | null;
  /** The dashboard for a browser, with what it needs to log in (the token, in the URL's fragment). */
  readonly dashboardUrl: string;
  /** The child process (null for an AttachedDrivemock). */
  readonly process: DrivemockProcess;
  /** Whether this object started drivemock (stop() ends it) or attached to one (stop() detaches). */
  readonly owned: boolean;
  /** Started: SIGTERM, then SIGKILL after stopTimeoutMs; resolves with the exit code. Attached: detaches, resolves with null. */
  stop(): Promise<number | null>;
  /** Opens a session: one test's own sets, states, sequences, windows, draws and journal view. */
  session(name?: string, options?: SessionOptions): Promise<Session>;
  /** Opens one session per name, one admin call per 100 names (each call's all or none): a runner's next tests' sessions at once. */
  openSessions(names: Array<string | undefined>, options?: SessionOptions): Promise<Session[]>;
  /** The open sessions. */
  sessions(): Promise<SessionInfo[]>;
  /** Writes the report of the run to its `report` file now (the path is drivemock's, given at start). */
  report(): Promise<{ file: string; sessions: number; requests: number; bytes: number }>;
  [Symbol.asyncDispose](): Promise<void>;

  /** Journal, states and sequences back to the start, pushed sets dropped; sessions keep theirs. */
  reset(options?: { seed?: number }): Promise<{ status: string; message: string }>;
  health(): Promise<{ status: string; version: string; dialect: "document" | "service"; seed: number; [key: string]: unknown }>;
  /** Each answer keeps the upstream's time as its `delay_ms` unless `keepDelays` is false. */
  startRecording(target: string, options?: { keepDelays?: boolean }): Promise<{ status: string; message: string }>;
  stopRecording(): Promise<RecordingSaved>;
}

/** A proxied call that could not be recorded, and how many alike. */
export interface UncapturedCalls {
  method: string;
  path: string;
  why: string;
  calls: number;
}

/** What stopRecording() wrote. */
export interface RecordingSaved {
  file: string;
  /** The scenario file's text. */
  scenario: string;
  captured: number;
  /** Operations learnt from calls to paths no operation defined. */
  learntOperations: string[];
  uncapturedCalls: number;
  uncaptured: UncapturedCalls[];
}

/** Starts drivemock (on a free port unless `port` says) and resolves once it listens. */
export declare function startDrivemock(options?: StartOptions): Promise<Drivemock>;
/** A drivemock this process did not start: no process, and stop() detaches (resolves with null). */
export interface AttachedDrivemock extends Omit<Drivemock, "process" | "owned"> {
  readonly process: null;
  readonly owned: false;
}

/** A Drivemock for one already running at `url`; its stop() detaches. */
export declare function attachDrivemock(url: string, options?: AttachOptions): Promise<AttachedDrivemock>;
