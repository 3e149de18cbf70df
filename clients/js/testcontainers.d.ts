// Types of drivemock/testcontainers (testcontainers.js).
import { AbstractStartedContainer, GenericContainer, StartedTestContainer } from "testcontainers";
import type { Drivemock } from "./index";

/** drivemock in a container: `await new DrivemockContainer(image).withScenarios(dir).start()`. */
export declare class DrivemockContainer extends GenericContainer {
  /** @param image drivemock's image (`make image` tags `drivemock:latest`, the default) */
  constructor(image?: string);
  /** The image's platform ("linux/arm64"); without it, the Docker engine's own architecture's. */
  withPlatform(platform: string): this;
  /** The scenario files of a folder (or one file), copied into the container as it starts. */
  withScenarios(source: string): this;
  /** "service" answers as the real service does (the SDK's dialect); "document" is the default. */
  withDialect(dialect: "document" | "service"): this;
  /** The admin token (a random 192-bit one unless given; `false`: none). */
  withAdminToken(token: string | false): this;
  /** More drivemock flags (`--seed`, `--strict`…); not `--port`, `--host` or `--scenarios`. */
  withDrivemockArgs(...args: string[]): this;
  start(): Promise<StartedDrivemockContainer>;
}

export declare class StartedDrivemockContainer extends AbstractStartedContainer {
  constructor(started: StartedTestContainer, parts: { url: string; adminToken?: string; drivemock: Drivemock });
  /** drivemock's base URL on the Docker host. */
  readonly url: string;
  /** The admin token, or undefined with `withAdminToken(false)`. */
  readonly adminToken: string | undefined;
  /** The admin API, as attachDrivemock gives it; detached when the container stops. */
  readonly drivemock: Drivemock;
  getUrl(): string;
  getAdminToken(): string | undefined;
  [Symbol.asyncDispose](): Promise<void>;
}
