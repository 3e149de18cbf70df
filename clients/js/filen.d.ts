// Types of drivemock/filen (filen.js, filen.mjs).

export interface FilenConnection {
  readonly port: number;
  /** Requests of the SDK still running, retries included. */
  readonly pending: number;
  /**
   * Ends the SDK's requests still waiting on drivemock (a hang, a long delay),
   * then restores the SDK's own routing: no retry reaches the live service.
   */
  disconnect(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

export interface ConnectOptions {
  /** Tries per request (the SDK's default: 3600, one a second). Default 3. */
  maxRetries?: number;
  /** Milliseconds between tries (the SDK's default: 1000). Default 10. */
  retryTimeout?: number;
  /**
   * How long one try waits for drivemock's answer before the SDK gives it up
   * ("Request timed out after …ms") and retries (the SDK's default: 300000).
   * Default 2000: a `fault: hang` fails a call after maxRetries × this.
   */
  requestTimeoutMs?: number;
  /** A directory (or file URL) of the app, where @filen/sdk is installed; default: the working directory. */
  from?: string | { href: string };
}

/** Routes the official SDK's requests (in this process) to `mock`. */
export declare function connectFilenSdk(mock: { port: number; process?: unknown }, options?: ConnectOptions): FilenConnection;

/**
 * The placeholder logged-in config `new FilenSDK(config)` needs for
 * `sdk.cloud()`. Throws (code "not_connected") while the SDK is routed to no
 * drivemock in this process (connectFilenSdk, drivemockTest({ filen: true })):
 * an SDK made then would call the live service.
 */
export declare function filenTestConfig<T extends FilenConfigOverrides = {}>(
  /** Members of the SDK's config to set; an unknown one is an error, at run time and here. */
  overrides?: T & Record<Exclude<keyof T, keyof FilenConfigOverrides>, never>,
  /** routedElsewhere: the SDK reaches drivemock another way (its gateway names resolved to it). */
  options?: { routedElsewhere?: boolean },
): Omit<
  {
    apiKey: string;
    masterKeys: string[];
    publicKey: string;
    privateKey: string;
    baseFolderUUID: string;
    authVersion: 2;
    userId: number;
    connectToSocket: boolean;
    metadataCache: boolean;
  },
  keyof T
> &
  T;

/** The members of the SDK's config (`FilenSDKConfig`, @filen/sdk 0.3). */
export interface FilenConfigOverrides {
  email?: string;
  password?: string;
  twoFactorCode?: string;
  masterKeys?: string[];
  apiKey?: string;
  publicKey?: string;
  privateKey?: string;
  authVersion?: 1 | 2 | 3;
  baseFolderUUID?: string;
  userId?: number;
  metadataCache?: boolean;
  tmpPath?: string;
  connectToSocket?: boolean;
}
