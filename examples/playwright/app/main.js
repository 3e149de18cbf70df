// The web app: archiving a folder colors it gray, then moves it to the
// trash, through the service's official SDK, as examples/js's app does in
// Node. The page shows what happened.
import "./polyfills.js";
import { FilenSDK } from "@filen/sdk";

// A logged-in user's SDK; the keys are placeholders: no call decrypts anything.
const sdk = new FilenSDK({
  apiKey: localStorage.getItem("apiKey") ?? "the-signed-in-users-api-key",
  masterKeys: ["placeholder-master-key"],
  publicKey: "placeholder-public-key",
  privateKey: "placeholder-private-key",
  baseFolderUUID: "00000000-0000-4000-8000-000000000000",
  authVersion: 2,
  userId: 1,
  connectToSocket: false,
  metadataCache: false,
});

const status = document.querySelector("#status");
document.querySelector("#archive").addEventListener("click", async () => {
  const uuid = document.querySelector("#folder").value;
  status.textContent = "archiving…";
  try {
    await sdk.cloud().changeDirectoryColor({ uuid, color: "gray" });
    await sdk.cloud().trashDirectory({ uuid });
    status.textContent = `archived ${uuid}`;
  } catch (e) {
    status.textContent = `failed: ${e.code ?? e.message}`;
  }
});
status.textContent = "ready";
