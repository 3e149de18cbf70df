// make test-docker: drivemock/testcontainers against the project's image
// (make image, drivemock:latest), with the official SDK, unchanged. Docker
// without a registry: Testcontainers' reaper image (Ryuk) cannot be pulled,
// so tests/docker/run sets TESTCONTAINERS_RYUK_DISABLED and every container
// here is stopped by the test itself.
import { FilenSDK } from "@filen/sdk";
import { connectFilenSdk, filenTestConfig } from "drivemock/filen";
import { DrivemockContainer } from "drivemock/testcontainers";
import { PullPolicy } from "testcontainers";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";

const image = process.env.DRIVEMOCK_IMAGE ?? "drivemock:latest";
// make image's manifest list of the amd64 and arm64 images, in a registry.
const manifestList = process.env.DRIVEMOCK_MANIFEST_LIST;
let started;
let connection;

beforeAll(async () => {
  started = await new DrivemockContainer(image)
    .withScenarios(fileURLToPath(new URL("./scenarios", import.meta.url)))
    .withDialect("service")
    .start();
  connection = connectFilenSdk(started.drivemock);
}, 120_000);

afterAll(async () => {
  await connection?.disconnect();
  await started?.stop();
});

test("the SDK against drivemock in a container: the copied scenario answers, the journal tells", async () => {
  const cloud = new FilenSDK(filenTestConfig()).cloud();
  await expect(cloud.trashDirectory({ uuid: "gone" })).rejects.toMatchObject({ code: "folder_not_found" });
  await cloud.changeDirectoryColor({ uuid: "f1", color: "red" });
  const calls = await started.drivemock.requests();
  expect(calls.filter((c) => c.operation !== "lock").map((c) => c.operation)).toEqual(["trash", "color"]);
  expect(started.url).toMatch(/^http:\/\/[^/]+:\d+$/);
});

test("a misspelt builder method names the one meant, before any container starts", () => {
  expect(() => new DrivemockContainer(image).withDialet("service")).toThrow(/has no method withDialet; did you mean withDialect\?/);
});

test("the admin API of the container wants its random token; the mock API does not", async () => {
  expect(started.adminToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
  expect((await fetch(`${started.url}/__admin/requests`)).status).toBe(401);
  const forged = await fetch(`${started.url}/__admin/requests`, { headers: { Authorization: "Bearer guess" } });
  expect(forged.status).toBe(401);
});

test("the scenarios are the folder given, not the image's examples", async () => {
  const answer = await fetch(`${started.url}/__admin/scenarios`, {
    headers: { Authorization: `Bearer ${started.adminToken}` },
  });
  const { scenarios } = await answer.json();
  expect(scenarios.map((s) => s.name)).toEqual(["folders"]);
});

test("stop() stops the container and detaches its Drivemock", async () => {
  const other = await new DrivemockContainer(image).start();
  const { url, drivemock } = other;
  await other.stop();
  await expect(drivemock.requests()).rejects.toMatchObject({ code: "detached" });
  await expect(fetch(`${url}/__admin/health`)).rejects.toThrow();
}, 120_000);

/** The architecture of the image a started container runs. */
function architectureOf(container) {
  const imageId = execFileSync("docker", ["inspect", "-f", "{{.Image}}", container.getId()], { encoding: "utf8" }).trim();
  return execFileSync("docker", ["image", "inspect", "-f", "{{.Architecture}}", imageId], { encoding: "utf8" }).trim();
}

test.skipIf(!manifestList)("from the manifest list, the engine's own architecture's image; withPlatform takes the other", async () => {
  const engine = execFileSync("docker", ["info", "-f", "{{.Architecture}}"], { encoding: "utf8" }).trim();
  const native = await new DrivemockContainer(manifestList).start();
  try {
    expect(architectureOf(native)).toBe(engine === "aarch64" ? "arm64" : "amd64");
    expect((await fetch(`${native.url}/v3/dir/trash`, { method: "POST", body: '{"uuid":"u1"}' })).status).toBe(200);
  } finally {
    await native.stop();
  }
  const other = engine === "aarch64" ? "linux/amd64" : "linux/arm64";
  // The tag is here already, as the engine's own architecture's image: pulled
  // again, the manifest list gives the other's.
  const emulated = await new DrivemockContainer(manifestList).withPlatform(other).withPullPolicy(PullPolicy.alwaysPull()).start();
  try {
    expect(`linux/${architectureOf(emulated)}`).toBe(other);
    const answer = await fetch(`${emulated.url}/v3/dir/trash`, { method: "POST", body: '{"uuid":"u1"}' });
    expect(answer.status).toBe(200);
  } finally {
    await emulated.stop();
  }
}, 180_000);
