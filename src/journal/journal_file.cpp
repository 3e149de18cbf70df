#include "journal/journal_file.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "journal/entry_json.h"
#include "util/log.h"
#include "util/owned_path.h"

namespace drivemock::journal {
namespace {

/// How long the writer waits for a blocked file before looking at its
/// flags again.
constexpr int kPollMillis = 50;

}  // namespace

Result<std::unique_ptr<JournalFile>> JournalFile::open(const std::string& path,
                                                       size_t max_backlog) {
  // O_NONBLOCK: a FIFO without a reader is an error at start instead of a
  // hang, and one whose reader is slow never blocks a request.
  // Reached through no other user's link (util/owned_path.h); a link of
  // root's or one's own at the name is followed (/dev/stderr).
  auto opened = open_on_owned_path(path, O_WRONLY | O_CREAT | O_APPEND | O_NONBLOCK, 0644);
  if (!opened) return Error{"cannot open journal file " + path + ": " + opened.error().message};
  return std::unique_ptr<JournalFile>(new JournalFile(opened->release(), path, max_backlog));
}

JournalFile::JournalFile(int fd, std::string path, size_t max_backlog)
    : path_(std::move(path)), max_backlog_(max_backlog), fd_(fd) {
  struct stat st {};
  regular_file_ = ::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode);
  writer_ = std::thread([this] { run_writer(); });
}

JournalFile::~JournalFile() {
  close(std::chrono::milliseconds(500));
}

void JournalFile::append(const Entry& entry) {
  if (fd_ < 0) return;
  std::string line = entry_to_json(entry);
  line += '\n';
  append_line(std::move(line));
}

void JournalFile::append_line(std::string line) {
  std::lock_guard lock(mutex_);
  if (closing_) return fail("the journal file is closed (the server is stopping)", "closed");
  if (backlog_.empty()) {
    // O_APPEND makes the write land whole at the end of a regular file; the
    // lock keeps lines whole in a pipe too.
    ssize_t n = write_some(line);
    if (n == static_cast<ssize_t>(line.size())) {
      ++stats_.written;
      return;
    }
    if (n < 0 && n != -EAGAIN) return fail(std::strerror(static_cast<int>(-n)), std::to_string(-n));
    if (n > 0) backlog_front_written_ = static_cast<size_t>(n);  // the rest must follow
  } else if (backlog_bytes_ + line.size() > max_backlog_) {
    return fail("the journal file is not keeping up: " + std::to_string(backlog_bytes_) +
                    " bytes are waiting for its reader",
                "backlog");
  }
  backlog_bytes_ += line.size();
  backlog_.push_back(std::move(line));
  wake_.notify_one();
}

ssize_t JournalFile::write_some(std::string_view bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
    if (n > 0) {
      done += static_cast<size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    int error = n < 0 ? errno : EIO;
    if (done > 0 && (error == EAGAIN || error == EWOULDBLOCK)) break;
    if (done > 0) undo_partial(done);
    return error == EWOULDBLOCK ? -EAGAIN : -error;
  }
  return static_cast<ssize_t>(done);
}

void JournalFile::undo_partial(size_t written) {
  if (!regular_file_) return;  // a pipe cannot take bytes back
  off_t end = ::lseek(fd_, 0, SEEK_END);
  if (end >= static_cast<off_t>(written)) {
    [[maybe_unused]] int ignored = ::ftruncate(fd_, end - static_cast<off_t>(written));
  }
}

void JournalFile::fail(std::string_view why, const std::string& kind) {
  ++stats_.failed;
  stats_.last_error = why;
  // Once per kind: a full disk would otherwise log a line per request.
  if (logged_kinds_.insert(kind).second) {
    log::error("drivemock: journal file " + path_ + ": " + std::string(why) +
               "; entries stay in the in-memory journal, further failures of this kind are "
               "only counted (journalFile in /__admin/health)");
  }
}

void JournalFile::drain_backlog() {
  while (!backlog_.empty()) {
    std::string& front = backlog_.front();
    std::string_view rest = std::string_view(front).substr(backlog_front_written_);
    ssize_t n = write_some(rest);
    if (n == -EAGAIN) return;
    if (n < 0) {
      fail(std::strerror(static_cast<int>(-n)), std::to_string(-n));
    } else if (static_cast<size_t>(n) < rest.size()) {
      backlog_front_written_ += static_cast<size_t>(n);
      return;
    } else {
      ++stats_.written;
    }
    backlog_bytes_ -= front.size();
    backlog_.pop_front();
    backlog_front_written_ = 0;
  }
  drained_.notify_all();
}

void JournalFile::run_writer() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return !backlog_.empty() || closing_; });
    if (backlog_.empty()) return;  // closing
    drain_backlog();
    if (backlog_.empty()) continue;
    // The file would block: wait until it takes more, without the lock.
    lock.unlock();
    pollfd writable{fd_, POLLOUT, 0};
    ::poll(&writable, 1, kPollMillis);
    lock.lock();
    if (closing_ && backlog_.empty()) return;
  }
}

void JournalFile::close(std::chrono::milliseconds timeout) {
  {
    std::unique_lock lock(mutex_);
    if (closing_ || fd_ < 0) return;
    drained_.wait_for(lock, timeout, [&] { return backlog_.empty(); });
    closing_ = true;
    if (!backlog_.empty()) {
      size_t left = backlog_.size();
      stats_.failed += left - 1;  // fail() counts one more
      fail(std::to_string(left) + " lines were still waiting for the file's reader at stop",
           "stop");
      backlog_.clear();
      backlog_bytes_ = 0;
    }
  }
  wake_.notify_all();
  writer_.join();
  ::close(fd_);
}

JournalFileStats JournalFile::stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

}  // namespace drivemock::journal
