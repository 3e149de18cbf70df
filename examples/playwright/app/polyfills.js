// The globals of Node the SDK's browser build expects a bundler to provide
// (Buffer, process): imported first, before the SDK's modules run.
import { Buffer } from "buffer";

globalThis.Buffer = Buffer;
globalThis.process ??= { env: {}, browser: true, version: "", versions: {}, nextTick: (fn, ...args) => queueMicrotask(() => fn(...args)) };
