// The recording view: start proxying to a real backend and capturing its
// answers, the calls captured so far (read again as requests come), and the
// scenario file written at stop.
"use strict";

async function loadRecording() {
  const status = await (await api("/__admin/recordings/status")).json();
  const recording = status.status === "Recording";
  $("recording-start").disabled = recording;
  $("recording-stop").disabled = !recording && status.unsavedCalls === 0;
  $("recording-target").disabled = recording;
  if (recording) {
    $("recording-target").value = status.targetBaseUrl;
    $("recording-state").textContent = "Recording " + status.targetBaseUrl + ": " +
        status.capturedCalls + " calls captured" +
        (status.uncapturedCalls > 0 ? ", " + status.uncapturedCalls + " not recordable" : "");
  } else if (status.unsavedCalls > 0) {
    $("recording-state").textContent = "Stopped; " + status.unsavedCalls +
        " captured calls could not be written yet: fix the problem and stop again to write them";
  } else {
    $("recording-state").textContent = status.status === "Stopped" ? "Stopped" : "Not recording";
  }
}

const recordingTouched = whileShown("recording-view", loadRecording);

$("recording-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const response = await api("/__admin/recordings/start", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ targetBaseUrl: $("recording-target").value }),
  });
  $("recording-error").textContent = response.ok ? "" : await failure(response);
  if (response.ok) $("recording-result").hidden = true;
  await loadRecording();
});

$("recording-stop").addEventListener("click", async () => {
  const response = await api("/__admin/recordings/stop", { method: "POST" });
  if (response.ok) {
    const saved = await response.json();
    $("recording-error").textContent = "";
    $("recording-file").textContent = saved.captured + " calls written to " + saved.file +
        (saved.learntOperations.length > 0
            ? "; learnt from the traffic: " + saved.learntOperations.join(", ") : "") +
        (saved.uncapturedCalls > 0
            ? "; not recorded: " + saved.uncaptured.map((u) =>
                u.method + " " + u.path + " (" + u.calls + "x: " + u.why + ")").join("; ")
            : "");
    $("recording-yaml").textContent = saved.scenario;
    $("recording-result").hidden = false;
  } else {
    $("recording-error").textContent = await failure(response);
  }
  await loadRecording();
});
