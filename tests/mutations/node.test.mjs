// The mutation table under node:test (drivemock/node-test): each test has
// one of the classic test-writing bugs of issue 73, or none.
// mutations.test.mjs runs the file (runNodeTests) and checks each verdict
// and its reason in the runner's output.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FilenSDK } from "@filen/sdk";
import { filenTestConfig } from "drivemock/filen";
import { drivemockSessions } from "drivemock/node-test";

const sessions = drivemockSessions({ filen: true });
const gone = { body: { status: false, message: "Folder not found.", code: "folder_not_found" } };
const sdkOf = (session) => new FilenSDK(filenTestConfig({ apiKey: session.apiKey }));
let previous = null;

test("a test scripting and calling its own folder", async (t) => {
  const session = (previous = sessions.of(t));
  await session.push({ directories: { "folder-own": { trash: gone } } });
  await assert.rejects(sdkOf(session).cloud().trashDirectory({ uuid: "folder-own" }), { code: "folder_not_found" });
});

test("hand-made uuids a character apart, unscripted", async (t) => {
  const session = sessions.of(t);
  await session.push({ directories: { "00000000-0000-4000-8000-0000000000c1": { color: gone } } });
  await assert.rejects(sdkOf(session).cloud().changeDirectoryColor({ uuid: "00000000-0000-4000-8000-0000000000c1", color: "red" }));
  await sdkOf(session).cloud().changeDirectoryColor({ uuid: "00000000-0000-4000-8000-0000000000c2", color: "red" });
});

test("the SDK made without the session's key", async () => {
  await new FilenSDK(filenTestConfig()).cloud().changeDirectoryColor({ uuid: "folder-1", color: "red" });
});

test("the same, the test checking only rejects.toThrow()", async () => {
  await assert.rejects(new FilenSDK(filenTestConfig()).cloud().changeDirectoryColor({ uuid: "folder-1", color: "red" }));
});

test("a session reused after its test", async () => {
  await sdkOf(previous).cloud().changeDirectoryColor({ uuid: "folder-1", color: "red" });
});

test("a plain test with no session", async () => {
  await new FilenSDK(filenTestConfig()).cloud().changeDirectoryColor({ uuid: "folder-1", color: "red" });
});

test("filenTestConfig({ apikey }), a typo", async (t) => {
  await new FilenSDK(filenTestConfig({ apikey: sessions.of(t).apiKey })).cloud().changeDirectoryColor({ uuid: "folder-1", color: "red" });
});

test("a failure scripted, the code under test never calling it", async (t) => {
  const session = sessions.of(t);
  await session.push({ directories: { "folder-2": { trash: gone } } });
  await sdkOf(session).cloud().changeDirectoryColor({ uuid: "folder-2", color: "red" });
});

test("a uuid typo", async (t) => {
  const session = sessions.of(t);
  await session.push({ directories: { "folder-abc": { color: gone } } });
  await assert.rejects(sdkOf(session).cloud().changeDirectoryColor({ uuid: "folder-abd", color: "red" }));
});

test("a push key typo", async (t) => {
  const session = sessions.of(t);
  await session.push({ directories: { "folder-3": { color: { respnd: gone } } } });
  await assert.rejects(sdkOf(session).cloud().changeDirectoryColor({ uuid: "folder-3", color: "red" }));
});

test("an expected call that never came", async (t) => {
  await sessions.of(t).waitFor({ operation: "trash", uuid: "folder-4" });
});

test("an 8 s delay", async (t) => {
  const session = sessions.of(t);
  await session.push({ directories: { "folder-5": { color: { delay_ms: 8000 } } } });
  await sdkOf(session).cloud().changeDirectoryColor({ uuid: "folder-5", color: "red" });
});

test("an unknown scenario key", async (t) => {
  await sessions.of(t).push({ directoris: { "folder-6": { color: gone } } });
});
