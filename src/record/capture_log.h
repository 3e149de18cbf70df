#pragma once
// A recording as it happens, on disk: one JSON line per event (the
// recording's start, each captured call, each operation it adds, the names
// in force for learning, each call it could not capture), appended as it
// comes, so that a drivemock killed mid-recording (kill -9, a CI time-out,
// the OOM killer) loses no answered call. The scenario file is still
// written at stop from memory; this file is then removed. After a kill, the
// next start with the same --record-to, or `drivemock recover FILE`, turns
// it into the scenario file.
//
// Each line is written whole by one write(2), or cut back to where it
// began: a reader sees whole lines and at most one torn last line (a crash
// mid-write), which it leaves out. Bodies that are not UTF-8 go as base64.

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "record/capture.h"
#include "util/result.h"

namespace drivemock::record {

/// Where a recording bound for `scenario_file` streams its calls.
std::string capture_log_path(const std::string& scenario_file);
/// The scenario file a capture log is for ("x.yaml.captures.jsonl" → "x.yaml").
std::string scenario_file_of(const std::string& capture_log);
/// What ends a capture log's name.
inline constexpr std::string_view kCaptureLogSuffix = ".captures.jsonl";

/// The lines, each ending in '\n'.
std::string start_line(const std::string& target, std::chrono::system_clock::time_point started);
std::string capture_line(const Capture& capture);
std::string operation_line(const contract::Operation& op);
std::string taken_line(const std::vector<std::string>& names);
std::string uncaptured_line(std::string_view method, std::string_view path, std::string_view why);

/// What a capture log held: the recording (not yet learnt from), the names
/// that were in force for learning, and how many lines could not be read
/// (a torn last line after a crash).
struct LoggedRecording {
  Recording recording;
  std::vector<std::string> taken;
  size_t unreadable = 0;
};

/// Reads a capture log's text; an error when it has no start line.
Result<LoggedRecording> read_capture_log(std::string_view text);

}  // namespace drivemock::record
