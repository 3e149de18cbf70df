// drivemock/testcontainers: drivemock in a container, for suites that run
// their test dependencies in Docker (the `testcontainers` package, an
// optional peer dependency). The image is drivemock's (make image; or any
// image whose entry point is the drivemock binary).
//
//   const started = await new DrivemockContainer("drivemock:latest")
//     .withScenarios("test/scenarios").withDialect("service").start();
//   started.url; started.adminToken; await started.drivemock.requests();
//   await started.stop();
"use strict";

const crypto = require("node:crypto");
const path = require("node:path");
const { attachDrivemock } = require("./index");
const { asyncDispose } = require("./lib/drivemock");
const { DrivemockError } = require("./lib/errors");
const { guardBuilder } = require("./lib/builder-names");

/**
 * The project's testcontainers: looked up from this package, then from the
 * working directory (a package linked with `npm link` or `file:` resolves
 * from its own folder, where the project's packages are not).
 */
function loadTestcontainers() {
  for (const from of [__dirname, process.cwd()]) {
    try {
      return require(require.resolve("testcontainers", { paths: [from] }));
    } catch (e) {
      if (e.code !== "MODULE_NOT_FOUND") throw e;
    }
  }
  throw new DrivemockError(
    "drivemock/testcontainers needs the testcontainers package (an optional peer dependency): " +
      "npm install --save-dev testcontainers",
    { code: "missing_peer" },
  );
}

const { GenericContainer, AbstractStartedContainer, Wait, getContainerRuntimeClient } = loadTestcontainers();
const { dockerPlatform } = require("./lib/docker-platform");

/** drivemock's port inside the container. */
const PORT = 8080;
/** Where withScenarios copies the folder: not the image's own /scenarios, whose examples it would join. */
const SCENARIOS = "/drivemock/scenarios";
const DIALECTS = ["document", "service"];

class DrivemockContainer extends GenericContainer {
  #adminToken = crypto.randomBytes(24).toString("base64url");
  #scenarios = false;
  #dialect = null;
  #args = [];
  #platform = null;

  /** @param {string} [image] drivemock's image (make image tags drivemock:latest) */
  constructor(image = "drivemock:latest") {
    super(image);
    this.withExposedPorts(PORT);
    // A misspelt with… method names the one meant (lib/builder-names.js).
    return guardBuilder(this, "DrivemockContainer");
  }

  /** The scenario files of a folder (or one file), copied into the container as it starts. */
  withScenarios(source) {
    this.withCopyDirectoriesToContainer([{ source: path.resolve(String(source)), target: SCENARIOS }]);
    this.#scenarios = true;
    return this;
  }

  /** "service" answers as the real service does (the SDK's dialect); "document" is the default. */
  withDialect(dialect) {
    if (!DIALECTS.includes(dialect)) {
      throw new DrivemockError(`withDialect: '${dialect}' is no dialect; expected ${DIALECTS.join(" or ")}`, {
        code: "invalid_options",
      });
    }
    this.#dialect = dialect;
    return this;
  }

  /** The admin token (a random 192-bit one unless given; `false`: none). */
  withAdminToken(token) {
    this.#adminToken = token === false ? null : String(token);
    return this;
  }

  /** More drivemock flags (`--seed`, `--strict`…); the port, host and scenarios are this class's. */
  withDrivemockArgs(...args) {
    const taken = args.find((a) => /^--(port|host|scenarios)(=|$)/.test(String(a)));
    if (taken) {
      throw new DrivemockError(`withDrivemockArgs: '${taken}' is set by DrivemockContainer`, {
        code: "invalid_options",
      });
    }
    this.#args.push(...args.map(String));
    return this;
  }

  /** The image's platform ("linux/arm64"); without it, the Docker engine's own architecture's. */
  withPlatform(platform) {
    this.#platform = String(platform);
    return super.withPlatform(this.#platform);
  }

  async start() {
    // drivemock's image is built for linux/amd64 and linux/arm64 (make
    // image): ask for the engine's own, so that a manifest list gives that
    // one, and a local image of another architecture fails to start rather
    // than run under emulation (DOCKER_DEFAULT_PLATFORM set, say).
    if (!this.#platform && getContainerRuntimeClient) {
      const platform = dockerPlatform((await getContainerRuntimeClient()).info.containerRuntime.architecture);
      if (platform) super.withPlatform(platform);
    }
    const command = ["--host", "0.0.0.0", "--port", String(PORT)];
    if (this.#scenarios) command.push("--scenarios", SCENARIOS);
    if (this.#dialect) command.push("--dialect", this.#dialect);
    // No token asked for: without this, drivemock would make one of its own.
    if (!this.#adminToken) command.push("--no-admin-token");
    this.withCommand(command.concat(this.#args));
    const health = Wait.forHttp("/__admin/health", PORT);
    if (this.#adminToken) {
      this.withEnvironment({ DRIVEMOCK_ADMIN_TOKEN: this.#adminToken });
      health.withHeaders({ Authorization: `Bearer ${this.#adminToken}` });
    }
    this.withWaitStrategy(health);
    const started = await super.start();
    const url = `http://${started.getHost()}:${started.getMappedPort(PORT)}`;
    const adminToken = this.#adminToken ?? undefined;
    let drivemock;
    try {
      drivemock = await attachDrivemock(url, { adminToken });
    } catch (e) {
      await started.stop();
      throw e;
    }
    return new StartedDrivemockContainer(started, { url, adminToken, drivemock });
  }
}

class StartedDrivemockContainer extends AbstractStartedContainer {
  constructor(started, { url, adminToken, drivemock }) {
    super(started);
    /** drivemock's base URL on the Docker host (`filenTestConfig({url})`, `connectFilenSdk`). */
    this.url = url;
    /** The admin token, or undefined when started with `withAdminToken(false)`. */
    this.adminToken = adminToken;
    /** The admin API, as attachDrivemock gives it; detached when the container stops. */
    this.drivemock = drivemock;
  }

  getUrl() {
    return this.url;
  }

  getAdminToken() {
    return this.adminToken;
  }

  async containerStopping() {
    await this.drivemock.stop();
  }

  async [asyncDispose]() {
    await this.stop();
  }
}

module.exports = { DrivemockContainer, StartedDrivemockContainer };
