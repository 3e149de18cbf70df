#include "record/recorder.h"

#include <algorithm>
#include <utility>

#include "record/learning.h"
#include "util/log.h"

namespace drivemock::record {

const char* status_name(RecordingStatus status) {
  switch (status) {
    case RecordingStatus::never_started: return "NeverStarted";
    case RecordingStatus::recording: return "Recording";
    case RecordingStatus::stopped: return "Stopped";
  }
  return "NeverStarted";
}

bool Recorder::start(const std::string& target, std::unique_ptr<CaptureLogFile> log,
                     RecordedTime time) {
  std::lock_guard lock(mutex_);
  if (status_ == RecordingStatus::recording || unsaved_) {
    if (log) log->remove();  // made for a recording that does not start
    return false;
  }
  status_ = RecordingStatus::recording;
  recording_ = true;
  time_ = time;
  auto started = log ? log->started() : std::chrono::system_clock::now();
  current_ = Recording{target, started, {}, {}};
  taken_.clear();
  log_ = std::move(log);
  return true;
}

void Recorder::saved() {
  std::lock_guard lock(mutex_);
  if (log_ && status_ != RecordingStatus::recording) {
    log_->remove();
    log_.reset();
  }
}

void Recorder::stream(const std::string& line) {
  if (!log_) return;
  if (auto written = log_->append(line); !written) {
    log::error("drivemock: " + written.error().message +
               "; the recording's calls are no longer streamed to disk (they are kept in memory "
               "and written at stop)");
    log_.reset();  // what it holds stays on disk, to recover if this run dies
  }
}

std::optional<std::string> Recorder::target() const {
  if (!recording_) return std::nullopt;
  std::lock_guard lock(mutex_);
  if (status_ != RecordingStatus::recording) return std::nullopt;
  return current_.target;
}

std::optional<std::string> Recorder::capture(Capture capture, const contract::Operation* op,
                                             const contract::OperationSet& in_force) {
  std::lock_guard lock(mutex_);
  if (status_ != RecordingStatus::recording) return std::nullopt;
  if (current_.captures.size() >= limit_) {
    std::string why = "the recording holds its limit of " + std::to_string(limit_) +
                      " calls (--record-limit); stop it and start another to record more";
    list_uncaptured(contract::kMethod, capture.path, why);
    return why;
  }
  if (time_ == RecordedTime::dropped) capture.delay_ms = 0;
  if (log_) stream(capture_line(capture));
  current_.captures.push_back(std::move(capture));
  if (!op) {
    std::vector<std::string> added;
    for (const auto& known : in_force.list) {
      if (std::find(taken_.begin(), taken_.end(), known.name) == taken_.end()) {
        taken_.push_back(known.name);
        added.push_back(known.name);
      }
    }
    if (log_ && !added.empty()) stream(taken_line(added));
  }
  auto& ops = current_.operations;
  if (!op || !contract::is_added(*op)) return std::nullopt;
  bool known = std::any_of(ops.begin(), ops.end(),
                           [&](const contract::Operation& o) { return o.name == op->name; });
  if (!known) {
    ops.push_back(*op);
    if (log_) stream(operation_line(*op));
  }
  return std::nullopt;
}

void Recorder::skip(std::string_view method, std::string_view path, std::string_view why) {
  std::lock_guard lock(mutex_);
  if (status_ != RecordingStatus::recording) return;
  list_uncaptured(method, path, why);
}

void Recorder::list_uncaptured(std::string_view method, std::string_view path,
                               std::string_view why) {
  if (log_) stream(uncaptured_line(method, path, why));
  current_.note_uncaptured(method, path, why);
}

std::optional<Recording> Recorder::stop() {
  std::lock_guard lock(mutex_);
  if (status_ != RecordingStatus::recording) return std::exchange(unsaved_, std::nullopt);
  status_ = RecordingStatus::stopped;
  recording_ = false;
  // Learnt operations take no name that was in force (learn_operations
  // adds the contract's own and the recording's added ones).
  learn_operations(current_, std::exchange(taken_, {}));
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
  RecorderState state;
  state.status = status_;
  state.limit = limit_;
  state.unsaved = unsaved_ ? unsaved_->captures.size() : 0;
  if (status_ == RecordingStatus::recording) {
    state.target = current_.target;
    state.captured = current_.captures.size();
    state.uncaptured = current_.uncaptured_calls();
  }
  return state;
}

}  // namespace drivemock::record
