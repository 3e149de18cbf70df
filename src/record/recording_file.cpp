#include "record/recording_file.h"

#include <filesystem>

#include "record/learning.h"
#include "util/log.h"
#include "util/owned_path.h"

namespace drivemock::record {

std::string default_recording_path(const std::string& name) {
  return "recordings/" + name + ".yaml";
}

std::optional<Result<SavedRecording, UnsavedRecording>> stop_and_save(
    Recorder& recorder, const std::string& record_to) {
  auto recording = recorder.stop();
  if (!recording) return std::nullopt;
  auto saved = save_recording(*recording, record_to);
  if (saved) {
    recorder.saved();  // its capture log is no longer needed
    return Result<SavedRecording, UnsavedRecording>(std::move(saved).value());
  }
  UnsavedRecording unsaved{saved.error().message, recording->captures.size()};
  recorder.unsaved(std::move(*recording));
  return Result<SavedRecording, UnsavedRecording>(std::move(unsaved));
}

std::string saved_details(const SavedRecording& saved) {
  std::string details;
  for (const auto& name : saved.learnt) {
    details += (details.empty() ? "; learnt from the traffic: " : ", ") + name;
  }
  if (saved.uncaptured_calls > 0) {
    details += "; " + std::to_string(saved.uncaptured_calls) +
               " proxied calls could not be recorded (listed in the file's header)";
  }
  return details;
}

Status save_on_stop(Recorder& recorder, const std::string& record_to) {
  // A running recording, or one whose writing failed before.
  auto saved = stop_and_save(recorder, record_to);
  if (!saved) return done();
  if (!*saved) {
    const UnsavedRecording& unsaved = saved->error();
    std::string problem = "the recording of " + std::to_string(unsaved.captured) +
                          " calls could not be saved: " + unsaved.error;
    log::error("drivemock: " + problem);
    return Error{problem};
  }
  const SavedRecording& file = saved->value();
  log::info("drivemock: recording of " + std::to_string(file.captured) + " calls written to " +
            file.file + saved_details(file));
  return done();
}

Result<SavedRecording> save_recording(const Recording& recording, const std::string& record_to) {
  std::string name = recording_name(recording.started);
  SavedRecording saved{record_to.empty() ? default_recording_path(name) : record_to,
                       recording_yaml(recording, name),
                       recording.captures.size(),
                       recording.learnt,
                       recording.uncaptured,
                       recording.uncaptured_calls()};
  if (auto written = write_file_atomically(saved.file, saved.yaml); !written) {
    return written.error();
  }
  return saved;
}

Result<std::unique_ptr<CaptureLogFile>> open_capture_log(const std::string& record_to,
                                                         const std::string& target) {
  auto started = std::chrono::system_clock::now();
  std::string file =
      record_to.empty() ? default_recording_path(recording_name(started)) : record_to;
  return CaptureLogFile::create(capture_log_path(file), target, started);
}

Result<RecoveredRecording> recover_recording(const std::string& log, const std::string& to) {
  auto text = take_capture_log(log);
  if (!text) return text.error();
  auto logged = read_capture_log(*text);
  if (!logged) return Error{"cannot recover " + log + ": " + logged.error().message};
  // Learnt operations take no name that was in force, as at a stop.
  learn_operations(logged->recording, logged->taken);
  auto saved = save_recording(logged->recording, to.empty() ? scenario_file_of(log) : to);
  if (!saved) return saved.error();
  std::error_code ec;
  std::filesystem::remove(log, ec);
  return RecoveredRecording{std::move(saved).value(), log, logged->unreadable};
}

void recover_left_recordings(const std::string& record_to) {
  namespace fs = std::filesystem;
  std::vector<std::string> logs;
  std::error_code ec;
  if (!record_to.empty()) {
    if (fs::exists(fs::symlink_status(capture_log_path(record_to), ec))) {
      logs.push_back(capture_log_path(record_to));
    }
  } else {
    for (const auto& entry : fs::directory_iterator("recordings", ec)) {
      std::string name = entry.path().string();
      if (name.ends_with(kCaptureLogSuffix)) logs.push_back(name);
    }
  }
  for (const auto& log : logs) {
    auto recovered = recover_recording(log, record_to);
    if (!recovered) {
      log::warning("drivemock: a recording cut short is left in " + log + ": " +
                   recovered.error().message);
      continue;
    }
    const SavedRecording& file = recovered->saved;
    log::info("drivemock: a recording cut short was recovered: " + std::to_string(file.captured) +
              " calls from " + log + " written to " + file.file + saved_details(file) +
              (recovered->unreadable
                   ? "; " + std::to_string(recovered->unreadable) + " torn line(s) left out"
                   : std::string()));
  }
}

}  // namespace drivemock::record
