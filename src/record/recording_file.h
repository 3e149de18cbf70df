#pragma once
// Writes a recording to disk atomically: a temporary file in the same
// directory, then rename(2), so that a reader (or a crash) never sees half a
// file. The directory is created if needed.

#include <optional>
#include <string>
#include <variant>

#include "record/recorder.h"
#include "record/recording_yaml.h"

namespace drivemock::record {

/// recordings/recording-<UTC time>.yaml, relative to the working directory.
std::string default_recording_path(const std::string& name);

/// Writes `text` to `path`; returns why it could not, if it could not.
std::optional<std::string> write_atomically(const std::string& path, const std::string& text);

/// A recording on disk.
struct SavedRecording {
  std::string file;
  std::string yaml;
  size_t captured = 0;
};

/// Writes `recording` to `record_to` (the default path when empty); the
/// result, or why it could not be written.
std::variant<SavedRecording, std::string> save_recording(const Recording& recording,
                                                         const std::string& record_to);

/// A recording that could not be written, and why; its calls went back to
/// the recorder, which hands them to the next stop().
struct UnsavedRecording {
  std::string error;
  size_t captured = 0;
};

/// Stops `recorder` (or takes back a recording whose writing failed before)
/// and writes it to `record_to`, giving it back to the recorder when that
/// fails; nullopt when there was nothing to write.
std::optional<std::variant<SavedRecording, UnsavedRecording>> stop_and_save(
    Recorder& recorder, const std::string& record_to);

}  // namespace drivemock::record
