// The app's bundle (dist/): the SDK's browser build, with Node's modules it
// imports and never calls in a page pointed at an empty one.
import { defineConfig } from "vite";

const stub = new URL("./app/node-stub.js", import.meta.url).pathname;
const unused = ["os", "path", "https", "url", "crypto", "fs-extra", "agentkeepalive", "progress-stream"];

export default defineConfig({
  root: "app",
  logLevel: "warn",
  build: { outDir: "../dist", emptyOutDir: true, target: "es2022", minify: false },
  define: { global: "globalThis" },
  resolve: {
    alias: [
      ...unused.map((name) => ({ find: new RegExp(`^${name}$`), replacement: stub })),
      { find: /^stream$/, replacement: "readable-stream" },
      { find: /^events$/, replacement: "eventemitter3" },
      { find: /^buffer$/, replacement: "buffer/" },
    ],
  },
});
