// Admin calls over Node's own http module (no fetch: Node 18 warns that it
// is experimental), each answer parsed, each refusal a DrivemockError.
"use strict";

const http = require("node:http");
const { DrivemockError } = require("./errors");

// drivemock closes a kept-alive connection after 5 s idle (its Keep-Alive
// header says timeout=5). Node 19 and later drop an idle socket a second
// before the hint; Node 18, Debian 12's, reuses it, and a call sent as the
// server closes it fails with "socket hang up". Idle sockets go after 4 s,
// and a call whose reused socket was closed before any answer is sent
// again once, on a new connection: drivemock never read it.
const kIdleSocketMs = 4000;

class AdminHttp {
  /**
   * @param {string} url drivemock's base URL
   * @param {string} [token] the admin token
   * @param {() => Error|null} [stopped] the error to reject with once drivemock has stopped
   */
  constructor(url, token, stopped = () => null) {
    this.url = url;
    this.token = token;
    this.stopped = stopped;
    this.agent = new http.Agent({ keepAlive: true, timeout: kIdleSocketMs });
    // Read once: a URL parsed per call cost a test's session more than
    // drivemock's own work on it.
    const base = new URL(url);
    this.host = base.hostname.replace(/^\[|\]$/g, "");
    this.port = base.port || 80;
  }

  /**
   * Sends one admin call; resolves with the JSON answer, rejects with a
   * DrivemockError carrying drivemock's status, code, message and diagnostics.
   * `accept` lists the statuses that resolve (default: 200).
   */
  call(method, path, { body, contentType = "application/json", accept = [200] } = {}) {
    const payload = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
    const headers = { Accept: "application/json" };
    if (payload !== undefined) {
      headers["Content-Type"] = contentType;
      headers["Content-Length"] = Buffer.byteLength(payload);
    }
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    const before = this.stopped();
    if (before) return Promise.reject(before);
    return this.send(method, path, { payload, headers, accept }, true);
  }

  send(method, path, { payload, headers, accept }, mayRetry) {
    return new Promise((resolve, reject) => {
      const request = http.request({ host: this.host, port: this.port, path, method, headers, agent: this.agent }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let answer = null;
          try {
            answer = text ? JSON.parse(text) : {};
          } catch {
            // not JSON: the refusal below says what came
          }
          if (accept.includes(res.statusCode) && answer !== null) return resolve({ status: res.statusCode, answer });
          reject(
            new DrivemockError(answer?.message ?? `${method} ${path}: HTTP ${res.statusCode} ${text.slice(0, 200)}`, {
              status: res.statusCode,
              code: answer?.code ?? "http_error",
              diagnostics: answer?.diagnostics ?? [],
              body: answer,
            }),
          );
        });
      });
      // A call cut off by the stop says so, not ECONNRESET.
      let answered = false;
      request.on("response", () => {
        answered = true;
      });
      request.on("error", (e) => {
        if (mayRetry && request.reusedSocket && !answered && !this.stopped() && e.code === "ECONNRESET") {
          resolve(this.send(method, path, { payload, headers, accept }, false));
          return;
        }
        reject(this.stopped() ?? new DrivemockError(`${method} ${path}: ${e.message}`, { code: "connection_failed" }));
      });
      request.end(payload);
    });
  }

  close() {
    this.agent.destroy();
  }
}

module.exports = { AdminHttp };
