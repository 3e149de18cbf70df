#include "record/recorder.h"

#include <algorithm>
#include <utility>

namespace drivemock::record {

const char* status_name(RecordingStatus status) {
  switch (status) {
    case RecordingStatus::never_started: return "NeverStarted";
    case RecordingStatus::recording: return "Recording";
    case RecordingStatus::stopped: return "Stopped";
  }
  return "NeverStarted";
}

bool Recorder::start(const std::string& target) {
  std::lock_guard lock(mutex_);
  if (status_ == RecordingStatus::recording || unsaved_) return false;
  status_ = RecordingStatus::recording;
  recording_ = true;
  current_ = Recording{target, std::chrono::system_clock::now(), {}, {}};
  return true;
}

std::optional<std::string> Recorder::target() const {
  if (!recording_) return std::nullopt;
  std::lock_guard lock(mutex_);
  if (status_ != RecordingStatus::recording) return std::nullopt;
  return current_.target;
}

void Recorder::capture(Capture capture, const contract::Operation& op) {
  std::lock_guard lock(mutex_);
  if (status_ != RecordingStatus::recording) return;
  current_.captures.push_back(std::move(capture));
  auto& ops = current_.operations;
  bool known = std::any_of(ops.begin(), ops.end(),
                           [&](const contract::Operation& o) { return o.name == op.name; });
  if (contract::is_added(op) && !known) ops.push_back(op);
}

std::optional<Recording> Recorder::stop() {
  std::lock_guard lock(mutex_);
  if (status_ != RecordingStatus::recording) return std::exchange(unsaved_, std::nullopt);
  status_ = RecordingStatus::stopped;
  recording_ = false;
  return std::move(current_);
}

void Recorder::unsaved(Recording recording) {
  std::lock_guard lock(mutex_);
  unsaved_ = std::move(recording);
}

size_t Recorder::unsaved_calls() const {
  std::lock_guard lock(mutex_);
  return unsaved_ ? unsaved_->captures.size() : 0;
}

RecorderState Recorder::state() const {
  std::lock_guard lock(mutex_);
  RecorderState state{status_, {}, 0, unsaved_ ? unsaved_->captures.size() : 0};
  if (status_ == RecordingStatus::recording) {
    state.target = current_.target;
    state.captured = current_.captures.size();
  }
  return state;
}

}  // namespace drivemock::record
