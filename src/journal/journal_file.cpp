#include "journal/journal_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "journal/entry_json.h"
#include "util/log.h"

namespace drivemock::journal {

JournalFile::JournalFile(const std::string& path) {
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) error_ = "cannot open journal file " + path + ": " + std::strerror(errno);
}

JournalFile::~JournalFile() {
  if (fd_ >= 0) ::close(fd_);
}

void JournalFile::append(const Entry& entry) {
  if (fd_ < 0) return;
  std::string line = entry_to_json(entry);
  line += '\n';
  // O_APPEND makes each write land whole at the end, even from many threads.
  const char* data = line.data();
  size_t left = line.size();
  while (left > 0) {
    ssize_t n = ::write(fd_, data, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      log::error(std::string("drivemock: journal file write failed: ") + std::strerror(errno));
      return;
    }
    data += n;
    left -= static_cast<size_t>(n);
  }
}

}  // namespace drivemock::journal
