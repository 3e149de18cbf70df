// A stand-in for the live service, answering as it does: HTTP 200 with
// {status: true, message, code, data} on success and {status: false,
// message, code} on an error. The lock is not acquired at the first ask;
// the uuid "gone" names no folder. Used to record from, where the live
// service cannot be reached.
"use strict";

const http = require("node:http");

/// Starts it on a free loopback port: {url, close()}.
async function startStandIn() {
  let acquires = 0;
  const notFound = { status: false, message: "Folder not found.", code: "folder_not_found" };
  const answers = {
    "/v3/user/lock": (body) =>
      body.type === "acquire"
        ? { status: true, message: "Lock acquired.", code: "lock_acquired", data: { acquired: ++acquires > 1 } }
        : { status: true, message: "Lock released.", code: "lock_released", data: { released: true } },
    "/v3/dir/trash": (body) =>
      body.uuid === "gone" ? notFound : { status: true, message: "Directory trashed.", code: "dir_trashed" },
    "/v3/dir/color": (body) =>
      body.uuid === "gone"
        ? notFound
        : { status: true, message: "Directory color changed.", code: "dir_color_changed" },
  };
  const server = http.createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => {
      const answer = answers[req.url];
      res.writeHead(answer ? 200 : 404, { "Content-Type": "application/json" });
      res.end(JSON.stringify(answer ? answer(JSON.parse(text)) : { status: false, code: "not_found" }));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

module.exports = { startStandIn };
