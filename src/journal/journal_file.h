#pragma once
// --journal-file: every entry appended as one JSON line. A request never
// waits for the file and never fails because of it:
//
// - While the file keeps up, the request's own thread writes its line with
//   one write(2) before the answer leaves, so what was answered is in the
//   file even if the server is killed -9 right after (the kernel holds it).
// - The file is opened non-blocking: a pipe or FIFO whose reader is slow
//   takes what fits, and the rest waits in a bounded backlog that a writer
//   thread of its own feeds to the file as it drains. Past the bound, lines
//   are counted as failed instead of waited for.
// - A write that fails (a full disk, /dev/full, a reader gone) counts the
//   entry as failed, logs the kind of error once, and leaves no half line
//   behind in a regular file. The in-memory journal is not affected.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <thread>

#include "model/entry.h"
#include "util/result.h"

namespace drivemock::journal {

/// What happened to the lines sent to the journal file so far.
struct JournalFileStats {
  uint64_t written = 0;    ///< lines written whole
  uint64_t failed = 0;     ///< lines that could not be written (kept in memory only)
  std::string last_error;  ///< why the last one failed; empty if none did
};

class JournalFile {
 public:
  /// Lines waiting for a slow reader are kept up to this many bytes.
  static constexpr size_t kMaxBacklogBytes = 16 << 20;

  /// Opens (creating, appending) `path`, or says why it cannot.
  static Result<std::unique_ptr<JournalFile>> open(const std::string& path,
                                                   size_t max_backlog = kMaxBacklogBytes);
  /// Closes, giving waiting lines at most a short time (see close()).
  ~JournalFile();
  JournalFile(const JournalFile&) = delete;
  JournalFile& operator=(const JournalFile&) = delete;

  /// Appends the entry as one line; never blocks on a slow or failing file.
  void append(const Entry& entry);
  /// Appends one line (a newline included); what append() does after
  /// serialising the entry.
  void append_line(std::string line);

  /// Gives the lines still waiting at most `timeout` to be written, counts
  /// the rest as failed, and closes the file. Idempotent.
  void close(std::chrono::milliseconds timeout);

  JournalFileStats stats() const;

 private:
  JournalFile(int fd, std::string path, size_t max_backlog);

  /// Bytes written of `bytes`, or -errno (-EAGAIN when none fit).
  ssize_t write_some(std::string_view bytes);
  void fail(std::string_view why, const std::string& kind);
  /// Removes the first `written` bytes of a line that could not be finished
  /// from a regular file, so the next line starts on a line of its own.
  void undo_partial(size_t written);
  /// Writes from the backlog until it is empty or the file would block.
  void drain_backlog();
  void run_writer();

  std::string path_;
  size_t max_backlog_;
  int fd_ = -1;
  bool regular_file_ = false;

  mutable std::mutex mutex_;
  std::condition_variable wake_;     ///< the writer: a backlog or a close
  std::condition_variable drained_;  ///< close(): the backlog emptied
  std::deque<std::string> backlog_;  ///< whole lines, the first maybe partly written
  size_t backlog_front_written_ = 0;
  size_t backlog_bytes_ = 0;
  bool closing_ = false;
  JournalFileStats stats_;
  std::set<std::string> logged_kinds_;
  std::thread writer_;
};

}  // namespace drivemock::journal
