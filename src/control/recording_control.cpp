// The operations on a recording: start proxying to a target, stop and write
// the scenario file.
#include "control/control.h"
#include "record/upstream.h"

namespace drivemock::control {

Outcome<Done> Control::start_recording(std::string url, record::RecordedTime time) {
  if (!record::is_http_url(url)) {
    return Refusal{400, "invalid_params",
                   R"(The body must be {"targetBaseUrl": "http(s)://host[:port]"})"};
  }
  while (url.ends_with('/')) url.pop_back();
  if (parts_.target_guard) {
    if (auto allowed = parts_.target_guard->check(url); !allowed) {
      return Refusal{400, "target_refused",
                     "Cannot record from " + url + ": " + allowed.error().message};
    }
  }
  record::Recorder& recorder = parts_.recorder;
  if (size_t unsaved = recorder.unsaved_calls()) {
    return Refusal{409, "unsaved_recording",
                   "A stopped recording of " + std::to_string(unsaved) +
                       " calls could not be written yet; fix the problem and call POST "
                       "/__admin/recordings/stop to write it before starting another"};
  }
  const Refusal running{409, "already_recording", "A recording is already running; stop it first"};
  if (recorder.state().status == record::RecordingStatus::recording) return running;
  // Each captured call goes to disk as it comes: a kill loses none.
  auto log = record::open_capture_log(parts_.record_to, url);
  if (!log) return Refusal{500, "capture_log_failed", "Cannot record: " + log.error().message};
  if (!recorder.start(url, std::move(log).value(), time)) return running;
  parts_.log_change("recording started, proxying to " + url);
  return Done{};
}

Outcome<record::SavedRecording> Control::stop_recording() {
  auto saved = record::stop_and_save(parts_.recorder, parts_.record_to);
  if (!saved) return Refusal{409, "not_recording", "No recording is running"};
  if (!*saved) {
    const record::UnsavedRecording& unsaved = saved->error();
    return Refusal{500, "write_failed",
                   "The recording could not be written: " + unsaved.error + ". Its " +
                       std::to_string(unsaved.captured) +
                       " captured calls are kept: fix the problem and call POST "
                       "/__admin/recordings/stop again to write them"};
  }
  record::SavedRecording file = std::move(*saved).value();
  parts_.log_change("recording stopped; " + std::to_string(file.captured) + " calls written to " +
                    file.file + record::saved_details(file));
  return file;
}

}  // namespace drivemock::control
