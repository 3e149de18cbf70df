// The app under test: archiving a folder colors it gray, then moves it to
// the trash, through the service's official SDK.
export async function archiveFolder(sdk, uuid) {
  await sdk.cloud().changeDirectoryColor({ uuid, color: "gray" });
  await sdk.cloud().trashDirectory({ uuid });
}
