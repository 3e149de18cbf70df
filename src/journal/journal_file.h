#pragma once
// --journal-file: every entry appended as one JSON line with one write(2), so
// that what was answered is in the file even if the server is killed -9 right
// after (the kernel holds it; no user-space buffer to lose).

#include <optional>
#include <string>

#include "journal/entry.h"

namespace drivemock::journal {

class JournalFile {
 public:
  /// Opens (creating, appending) `path`; check `error()` afterwards.
  explicit JournalFile(const std::string& path);
  ~JournalFile();
  JournalFile(const JournalFile&) = delete;
  JournalFile& operator=(const JournalFile&) = delete;

  /// Why the file could not be opened, if it could not.
  const std::optional<std::string>& error() const { return error_; }

  /// Appends the entry as one line.
  void append(const Entry& entry);

 private:
  int fd_ = -1;
  std::optional<std::string> error_;
};

}  // namespace drivemock::journal
