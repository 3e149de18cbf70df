#pragma once
// The recording session: whether drivemock proxies, to where, and the
// answers captured so far. Thread-safe: workers capture while the admin API
// starts and stops.

#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "record/recording_yaml.h"

namespace drivemock::record {

enum class RecordingStatus { never_started, recording, stopped };

/// "NeverStarted", "Recording", "Stopped", as the admin API says them.
const char* status_name(RecordingStatus status);

class Recorder {
 public:
  /// Starts proxying to `target`; false if already recording.
  bool start(const std::string& target);
  /// The target while recording, else nullopt.
  std::optional<std::string> target() const;
  /// Adds one answered call (ignored when not recording).
  void capture(Capture capture);
  /// Ends the recording and hands back what it captured (nullopt if none ran).
  std::optional<Recording> stop();
  RecordingStatus status() const;

 private:
  mutable std::mutex mutex_;
  RecordingStatus status_ = RecordingStatus::never_started;
  Recording current_;
};

}  // namespace drivemock::record
