// The mutation table's suite for the runners with Jest's `expect` (Jest,
// Vitest): each test has one of the classic test-writing bugs of issue 73,
// or none. Not a module of its own: mutations.test.mjs puts each runner's
// imports before it (`test`: the helper's, `plainTest`: the runner's own,
// `expect`, `FilenSDK`, `filenTestConfig`) and checks each verdict and its
// reason in the runner's report.
const gone = { body: { status: false, message: "Folder not found.", code: "folder_not_found" } };
const sdkOf = (session) => new FilenSDK(filenTestConfig({ apiKey: session.apiKey }));
let previous = null;

test("a test scripting and calling its own folder", async ({ session }) => {
  previous = session;
  await session.push({ directories: { "folder-own": { trash: gone } } });
  await expect(sdkOf(session).cloud().trashDirectory({ uuid: "folder-own" })).rejects.toMatchObject({ code: "folder_not_found" });
});

test("hand-made uuids a character apart, unscripted", async ({ session }) => {
  await session.push({ directories: { "00000000-0000-4000-8000-0000000000c1": { color: gone } } });
  await expect(sdkOf(session).cloud().changeDirectoryColor({ uuid: "00000000-0000-4000-8000-0000000000c1", color: "red" })).rejects.toThrow();
  await sdkOf(session).cloud().changeDirectoryColor({ uuid: "00000000-0000-4000-8000-0000000000c2", color: "red" });
});

test("the SDK made without the session's key", async () => {
  await new FilenSDK(filenTestConfig()).cloud().changeDirectoryColor({ uuid: "folder-1", color: "red" });
});

test("the same, the test checking only rejects.toThrow()", async () => {
  await expect(new FilenSDK(filenTestConfig()).cloud().changeDirectoryColor({ uuid: "folder-1", color: "red" })).rejects.toThrow();
});

test("a session reused after its test", async () => {
  await sdkOf(previous).cloud().changeDirectoryColor({ uuid: "folder-1", color: "red" });
});

plainTest("a plain test with no session", async () => {
  await new FilenSDK(filenTestConfig()).cloud().changeDirectoryColor({ uuid: "folder-1", color: "red" });
});

test("filenTestConfig({ apikey }), a typo", async ({ session }) => {
  await new FilenSDK(filenTestConfig({ apikey: session.apiKey })).cloud().changeDirectoryColor({ uuid: "folder-1", color: "red" });
});

test("a failure scripted, the code under test never calling it", async ({ session }) => {
  await session.push({ directories: { "folder-2": { trash: gone } } });
  await sdkOf(session).cloud().changeDirectoryColor({ uuid: "folder-2", color: "red" });
});

test("a uuid typo", async ({ session }) => {
  await session.push({ directories: { "folder-abc": { color: gone } } });
  await expect(sdkOf(session).cloud().changeDirectoryColor({ uuid: "folder-abd", color: "red" })).rejects.toThrow();
});

test("a push key typo", async ({ session }) => {
  await session.push({ directories: { "folder-3": { color: { respnd: gone } } } });
  await expect(sdkOf(session).cloud().changeDirectoryColor({ uuid: "folder-3", color: "red" })).rejects.toThrow();
});

test("an expected call that never came", async ({ session }) => {
  await session.waitFor({ operation: "trash", uuid: "folder-4" });
});

test("an 8 s delay", async ({ session }) => {
  await session.push({ directories: { "folder-5": { color: { delay_ms: 8000 } } } });
  await sdkOf(session).cloud().changeDirectoryColor({ uuid: "folder-5", color: "red" });
});

test("an unknown scenario key", async ({ session }) => {
  await session.push({ directoris: { "folder-6": { color: gone } } });
});
