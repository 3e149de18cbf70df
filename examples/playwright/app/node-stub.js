// What the SDK's browser build imports of Node's modules (os, path, https,
// fs-extra, agentkeepalive…) and does not use for its API calls in a page:
// as little as it touches when it loads (os.tmpdir for its default
// tmpPath; an agent made and never used; path.join for a temporary
// directory it names). A web app's bundler gives it the same with its
// `browser` fallbacks; the app's bundle (vite.config.mjs) points those
// imports here.
export class HttpsAgent {}
const join = (...parts) => parts.filter(Boolean).join("/").replace(/\/+/g, "/");
export default { tmpdir: () => "/tmp", join, posix: { join } };
