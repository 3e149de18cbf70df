#pragma once
// Writes a recording to disk atomically: a temporary file in the same
// directory, then rename(2), so that a reader (or a crash) never sees half a
// file. The directory is created if needed.

#include <optional>
#include <string>
#include <variant>

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

}  // namespace drivemock::record
