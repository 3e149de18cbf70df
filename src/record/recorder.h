#pragma once
// The recording session: whether drivemock proxies, to where, and the
// answers captured so far. Thread-safe: workers capture while the admin API
// starts and stops.

#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "record/capture.h"
#include "record/capture_log.h"
#include "record/capture_log_file.h"

namespace drivemock::record {

enum class RecordingStatus { never_started, recording, stopped };

/// "NeverStarted", "Recording", "Stopped", as the admin API says them.
const char* status_name(RecordingStatus status);

/// Most calls one recording captures, as the journal keeps most entries.
inline constexpr size_t kDefaultRecordLimit = 100000;

/// What GET /__admin/recordings/status shows, read under one lock.
struct RecorderState {
  RecordingStatus status = RecordingStatus::never_started;
  std::string target;     ///< while recording
  size_t captured = 0;    ///< calls captured by the running recording
  size_t uncaptured = 0;  ///< calls it proxied but could not capture
  size_t unsaved = 0;     ///< see Recorder::unsaved_calls()
  size_t limit = kDefaultRecordLimit;
};

class Recorder {
 public:
  /// A recording captures at most `limit` calls (--record-limit); later ones
  /// are proxied and listed as not recorded. Each call is at most
  /// --max-body and --max-upstream-body, so that bounds what it holds.
  explicit Recorder(size_t limit = kDefaultRecordLimit) : limit_(limit) {}

  /// Starts proxying to `target`; false if already recording, or while a
  /// stopped recording waits to be written (starting would lose it). With
  /// `log`, every capture is also appended to it as it comes
  /// (record/capture_log.h), and the recording starts when the log did.
  bool start(const std::string& target, std::unique_ptr<CaptureLogFile> log = nullptr,
             RecordedTime time = RecordedTime::kept);
  /// The recording handed out by stop() was written: its capture log goes.
  void saved();
  /// The target while recording, else nullopt.
  std::optional<std::string> target() const;
  /// Adds one answered call of `op`, or of a path no operation defines when
  /// null (ignored when not recording). `in_force` are the operations the
  /// call was routed among: names an operation learnt later may not take.
  /// A recording that holds its limit lists the call as not captured
  /// instead, and says why.
  std::optional<std::string> capture(Capture capture, const contract::Operation* op,
                                     const contract::OperationSet& in_force);
  /// Lists one proxied call that could not be captured, and why.
  void skip(std::string_view method, std::string_view path, std::string_view why);
  /// Ends the recording and hands back what it captured, with operations
  /// learnt for the paths no operation defines; or, when none runs,
  /// hands back again one whose writing failed (see unsaved()); else nullopt.
  std::optional<Recording> stop();
  /// Writing what stop() handed back failed: keep it for the next stop().
  void unsaved(Recording recording);
  /// Calls captured by a stopped recording that could not be written yet.
  size_t unsaved_calls() const;
  RecorderState state() const;

 private:
  /// skip() with the lock held.
  void list_uncaptured(std::string_view method, std::string_view path, std::string_view why);
  /// Appends `line` to the capture log, if any, with the lock held; a log
  /// that fails is closed (the calls stay in memory) and said once.
  void stream(const std::string& line);

  const size_t limit_;
  mutable std::mutex mutex_;
  /// Mirrors status_ == recording, so that target(), asked by every request,
  /// takes no lock while nothing records.
  std::atomic<bool> recording_{false};
  RecordedTime time_ = RecordedTime::kept;
  RecordingStatus status_ = RecordingStatus::never_started;
  Recording current_;
  std::vector<std::string> taken_;  ///< names in force when a learnt call came
  std::optional<Recording> unsaved_;
  /// The running recording's capture log; kept after stop until saved().
  std::unique_ptr<CaptureLogFile> log_;
};

}  // namespace drivemock::record
