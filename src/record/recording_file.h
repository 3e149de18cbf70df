#pragma once
// Writes a recording to disk atomically (util/owned_path.h: a temporary
// file in the same directory, reached through no other user's link, then
// rename(2)), so that a reader (or a crash) never sees half a file. The
// directory is created if needed.

#include <optional>
#include <string>
#include <vector>

#include "record/capture_log.h"
#include "record/capture_log_file.h"
#include "record/recorder.h"
#include "record/recording_yaml.h"
#include "util/result.h"

namespace drivemock::record {

/// recordings/recording-<UTC time>.yaml, relative to the working directory.
std::string default_recording_path(const std::string& name);

/// A recording on disk.
struct SavedRecording {
  std::string file;
  std::string yaml;
  size_t captured = 0;
  std::vector<std::string> learnt;     ///< operations learnt from the traffic
  std::vector<Uncaptured> uncaptured;  ///< kinds of calls proxied but not recorded
  size_t uncaptured_calls = 0;         ///< all of them, listed or not
};

/// Writes `recording` to `record_to` (the default path when empty); the
/// result, or why it could not be written.
Result<SavedRecording> save_recording(const Recording& recording, const std::string& record_to);

/// A recording that could not be written, and why; its calls went back to
/// the recorder, which hands them to the next stop().
struct UnsavedRecording {
  std::string error;
  size_t captured = 0;
};

/// Stops `recorder` (or takes back a recording whose writing failed before)
/// and writes it to `record_to`, giving it back to the recorder when that
/// fails; nullopt when there was nothing to write.
std::optional<Result<SavedRecording, UnsavedRecording>> stop_and_save(Recorder& recorder,
                                                                      const std::string& record_to);

/// The capture log of a recording of `target` that starts now, bound for
/// `record_to` (the default path when empty; its directory made), or why
/// it cannot be made (the recording must not start unguarded).
Result<std::unique_ptr<CaptureLogFile>> open_capture_log(const std::string& record_to,
                                                         const std::string& target);

/// A recording recovered from a capture log: where it went and what it held.
struct RecoveredRecording {
  SavedRecording saved;
  std::string log;        ///< the capture log it came from (now removed)
  size_t unreadable = 0;  ///< lines left out (a torn last line)
};

/// Turns the capture log at `log` into its scenario file, `to` or the file
/// the log is named for, learning operations as a stop does; removes the
/// log once the file is written.
Result<RecoveredRecording> recover_recording(const std::string& log, const std::string& to);

/// At start: the capture logs a run that was cut short left for
/// `record_to` (or, without one, in recordings/), each made into its
/// scenario file and logged; one that cannot be is left and warned about.
void recover_left_recordings(const std::string& record_to);

/// "; learnt from the traffic: dir-rename; 2 proxied calls could not be
/// recorded …", or nothing: what a log line adds to where a recording went.
std::string saved_details(const SavedRecording& saved);

/// What the server does with a recording in progress when it stops: writes
/// it (as stop_and_save) and logs where, or says why it could not.
Status save_on_stop(Recorder& recorder, const std::string& record_to);

}  // namespace drivemock::record
