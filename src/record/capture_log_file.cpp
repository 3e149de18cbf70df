#include "record/capture_log_file.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "record/capture_log.h"
#include "util/owned_path.h"
#include "util/private_file.h"

namespace drivemock::record {

using Clock = std::chrono::system_clock;

Result<std::unique_ptr<CaptureLogFile>> CaptureLogFile::create(const std::string& path,
                                                               const std::string& target,
                                                               Clock::time_point started) {
  // Its directory is made when missing, reached through no other user's link.
  auto opened = open_on_owned_path(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND, new_file_mode());
  if (!opened) {
    if (opened.error().code == EEXIST) {
      return Error{"cannot stream the recording to " + path +
                   ": a capture log is there already (a recording that was cut short: `drivemock "
                   "recover " +
                   path + "` turns it into its scenario file)"};
    }
    return Error{"cannot stream the recording to " + path + ": " + opened.error().message};
  }
  int fd = opened->release();
  // Ours while it is open: a recovery elsewhere leaves it alone (and one
  // that took it between open and here holds it only while it reads).
  ::flock(fd, LOCK_EX);
  std::unique_ptr<CaptureLogFile> log(new CaptureLogFile(path, fd));
  log->started_ = started;
  if (auto written = log->append(start_line(target, log->started_)); !written) {
    log->remove();
    return written.error();
  }
  return log;
}

CaptureLogFile::~CaptureLogFile() {
  if (fd_ >= 0) ::close(fd_);
}

Status CaptureLogFile::append(std::string_view line) {
  if (fd_ < 0) return Error{"the capture log " + path_ + " is closed"};
  size_t done_bytes = 0;
  int error = 0;
  while (done_bytes < line.size()) {
    ssize_t n = ::write(fd_, line.data() + done_bytes, line.size() - done_bytes);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error = n < 0 ? errno : EIO;
      break;
    }
    done_bytes += static_cast<size_t>(n);
  }
  if (error != 0) {
    // Cut back to the last whole line: a reader never sees half a call
    // (and would leave out a torn one if even that failed).
    bool cut = ::ftruncate(fd_, static_cast<off_t>(size_)) == 0;
    return Error{"cannot write " + path_ + ": " + std::strerror(error) +
                 (cut ? "" : " (and it could not be cut back to its last whole line)")};
  }
  size_ += line.size();
  return done();
}

void CaptureLogFile::remove() {
  if (fd_ < 0) return;
  ::unlink(path_.c_str());
  ::close(fd_);
  fd_ = -1;
}

Result<std::string> take_capture_log(const std::string& path) {
  // Reached as it was written, and refused when another user controls it:
  // a log planted by them would be recovered as this user's recording.
  // O_NONBLOCK: a FIFO planted at the name is refused, not waited on.
  auto opened = open_on_owned_path(path, O_RDONLY | O_NONBLOCK, 0);
  if (!opened) return Error{opened.error().message};
  int fd = opened->release();
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return Error{path + " is not a regular file"};
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    return Error{path + " is being written by a drivemock that is recording"};
  }
  std::string text;
  char buffer[65536];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(buffer, static_cast<size_t>(n));
  }
  ::close(fd);
  return text;
}

}  // namespace drivemock::record
