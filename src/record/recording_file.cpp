#include "record/recording_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "record/learning.h"
#include "util/log.h"
#include "util/private_file.h"

namespace drivemock::record {

std::string default_recording_path(const std::string& name) {
  return "recordings/" + name + ".yaml";
}

namespace {

/// Writes all of `text` to `fd` and syncs it; the errno of the first failure.
int write_and_sync(int fd, const std::string& text) {
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return n < 0 ? errno : EIO;
    done += static_cast<size_t>(n);
  }
  return ::fsync(fd) == 0 ? 0 : errno;
}

}  // namespace

Status write_atomically(const std::string& path, const std::string& text) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path target(path);
  // rename(2) would put a regular file in the place of whatever is there:
  // --record-to /dev/null, run as root, would replace the device.
  auto existing = fs::symlink_status(target, ec);
  if (!ec && fs::exists(existing) && !fs::is_regular_file(existing)) {
    return Error{"cannot write " + path + ": it exists and is not a regular file"};
  }
  ec.clear();
  if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
  if (ec) return Error{"cannot create " + target.parent_path().string() + ": " + ec.message()};
  // A fresh file of an unpredictable name (mkostemp: O_CREAT | O_EXCL, so
  // neither a file nor a symbolic link planted there beforehand is written
  // through; a name from the process id could be guessed).
  std::string temp = target.string() + ".tmp-XXXXXX";
  int fd = ::mkostemp(temp.data(), O_CLOEXEC);
  if (fd < 0)
    return Error{"cannot create a temporary file beside " + path + ": " + std::strerror(errno)};
  // mkostemp makes it 0600; a recording (or report) gets what any new file
  // of the user gets, by the umask, as the journal file does.
  ::fchmod(fd, new_file_mode());
  int error = write_and_sync(fd, text);
  if (::close(fd) != 0 && error == 0) error = errno;
  // A full disk leaves neither a half file at the target nor the temporary.
  if (error != 0) {
    fs::remove(temp, ec);
    return Error{"cannot write " + temp + ": " + std::strerror(error)};
  }
  fs::rename(temp, target, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(temp, ignored);
    return Error{"cannot rename the recording to " + path + ": " + ec.message()};
  }
  return done();
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
  if (auto written = write_atomically(saved.file, saved.yaml); !written) return written.error();
  return saved;
}

Result<std::unique_ptr<CaptureLogFile>> open_capture_log(const std::string& record_to,
                                                         const std::string& target) {
  auto started = std::chrono::system_clock::now();
  std::string file =
      record_to.empty() ? default_recording_path(recording_name(started)) : record_to;
  std::filesystem::path parent = std::filesystem::path(file).parent_path();
  std::error_code ec;
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  if (ec) return Error{"cannot create " + parent.string() + ": " + ec.message()};
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
