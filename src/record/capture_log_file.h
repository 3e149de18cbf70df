#pragma once
// The capture log on disk (record/capture_log.h says what it holds): made
// never over another file nor through a symbolic link, appended one whole
// line at a time (cut back when a write fails half-way), locked while its
// recording runs, and taken for recovery only when no drivemock holds it.

#include <chrono>
#include <memory>
#include <string>
#include <string_view>

#include "util/result.h"

namespace drivemock::record {

/// An open capture log, locked (flock) while its recording runs so that a
/// second drivemock does not recover a log still being written.
class CaptureLogFile {
 public:
  /// Creates `path` (never over an existing file, nor through a symbolic
  /// link; mode by the umask) and writes its start line: a recording of
  /// `target` that started at `started`.
  static Result<std::unique_ptr<CaptureLogFile>> create(
      const std::string& path, const std::string& target,
      std::chrono::system_clock::time_point started);
  ~CaptureLogFile();
  CaptureLogFile(const CaptureLogFile&) = delete;
  CaptureLogFile& operator=(const CaptureLogFile&) = delete;

  const std::string& path() const { return path_; }
  std::chrono::system_clock::time_point started() const { return started_; }
  /// Appends one line whole, or nothing (the file is cut back); why not.
  Status append(std::string_view line);
  /// The recording was written: the log goes.
  void remove();

 private:
  CaptureLogFile(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
  std::string path_;
  int fd_ = -1;
  std::chrono::system_clock::time_point started_;
  uint64_t size_ = 0;  ///< bytes of whole lines written
};

/// Opens the capture log at `path` for recovery: its text, or why not (it
/// is locked by a drivemock that is recording into it, or cannot be read).
Result<std::string> take_capture_log(const std::string& path);

}  // namespace drivemock::record
