// Admin calls on kept-alive connections (lib/admin-http.js): drivemock closes
// one after 5 s idle, and on Node 18 a call could go out on it just as it
// closed ("socket hang up", seen in make test on a bare Debian 12). A stand-in
// server closes a connection when its second request arrives, as drivemock's
// idle close meets a reused socket.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const http = require("node:http");
const { AdminHttp } = require("../lib/admin-http");

/** A server answering `{}`; `closeOn(n)` says whether the n-th request of a connection is cut off unanswered. */
async function standIn(closeOn) {
  const seen = { requests: 0, connections: 0 };
  const server = http.createServer({ keepAlive: true }, (req, res) => {
    seen.requests += 1;
    req.socket.served = (req.socket.served ?? 0) + 1;
    if (closeOn(req.socket.served)) return req.socket.destroy();
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end("{}");
  });
  server.on("connection", () => {
    seen.connections += 1;
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, seen, close: () => server.close() };
}

test("a call whose kept-alive connection the server closed as it arrived is sent again on a new one", async () => {
  const server = await standIn((n) => n === 2);
  const admin = new AdminHttp(server.url);
  try {
    await admin.call("POST", "/__admin/reset");
    await admin.call("POST", "/__admin/reset");  // on the reused socket: cut off, then sent again
    assert.deepEqual(server.seen, { requests: 3, connections: 2 });
  } finally {
    admin.close();
    server.close();
  }
});

test("a call cut off on a fresh connection is not sent again: it fails, saying so", async () => {
  const server = await standIn(() => true);
  const admin = new AdminHttp(server.url);
  try {
    await assert.rejects(admin.call("POST", "/__admin/reset"), (e) => {
      assert.equal(e.code, "connection_failed");
      assert.match(e.message, /POST \/__admin\/reset: socket hang up/);
      return true;
    });
    assert.deepEqual(server.seen, { requests: 1, connections: 1 });
  } finally {
    admin.close();
    server.close();
  }
});
