// The app under test: archiving a folder colors it gray, then moves it to
// the trash, through the service's official SDK.
import type { FilenSDK } from "@filen/sdk";

export async function archiveFolder(sdk: FilenSDK, uuid: string): Promise<void> {
  await sdk.cloud().changeDirectoryColor({ uuid, color: "gray" });
  await sdk.cloud().trashDirectory({ uuid });
}
