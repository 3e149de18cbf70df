#pragma once
// Files only their owner's path leads to: every file drivemock writes on
// request (the report, a pact's --out, recordings, capture logs, the
// journal file) is created in a directory reached one component at a time
// with openat(2), never through a symbolic link another local user owns or
// could swap (one in a directory others may write, without the sticky
// bit). A link of root's (/var/run) or of the running user's is followed.
// Whole files are written to a fresh temporary beside the target and
// renamed over it, so a link or file planted at the target is replaced,
// never written through, and no reader sees half a file.

#include <sys/types.h>

#include <optional>
#include <string>
#include <string_view>

#include "util/result.h"

namespace drivemock {

/// An open file descriptor, closed with its owner.
class UniqueFd {
 public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  UniqueFd(UniqueFd&& other) noexcept : fd_(other.release()) {}
  UniqueFd& operator=(UniqueFd&& other) noexcept;
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  ~UniqueFd();

  int get() const { return fd_; }
  /// Hands the descriptor over; this one no longer closes it.
  int release() {
    int fd = fd_;
    fd_ = -1;
    return fd;
  }

 private:
  int fd_ = -1;
};

/// What the walk does with a directory that is not there.
enum class Missing { make, refuse };

/// The directory `dir` ("" or "." for the working one), opened by the walk
/// above; missing directories are made (by the umask) or refused. The
/// refusal names the component and why.
Result<UniqueFd> open_owned_dir(const std::string& dir, Missing missing);

/// Writes `text` to `path` whole: into a temporary file of an unpredictable
/// name in the target's directory (reached as open_owned_dir does, made
/// when missing), synced, then renamed over the target. A target that is
/// there and is neither a regular file nor a symbolic link (a device, a
/// FIFO) is refused: rename(2) would replace it. The file gets what a new
/// file of the user gets by the umask, or exactly `mode` when given (the
/// local CA's key 0600 and certificate 0644, whatever the umask).
Status write_file_atomically(const std::string& path, std::string_view text,
                             std::optional<mode_t> mode = std::nullopt);

/// Why a file could not be opened: the sentence, and open(2)'s errno (0
/// for a refusal of the path) for callers that explain some of them.
struct OpenFailure {
  std::string message;
  int code = 0;
};

/// Opens `path` with `flags` (O_CREAT, O_APPEND, O_EXCL…; O_NOFOLLOW and
/// O_CLOEXEC are added) in its directory, reached as open_owned_dir does
/// (made when missing). A symbolic link at `path` itself is followed only
/// when open_owned_dir would follow it (`--journal-file /dev/stderr`), and
/// never with O_EXCL. Without O_EXCL, a file found there is refused when
/// another user controls it: a file or FIFO another user (not root) owns,
/// one others may write, or a FIFO others may open (it would hand them
/// what is written); a device (root's) is opened.
Result<UniqueFd, OpenFailure> open_on_owned_path(const std::string& path, int flags, mode_t mode);

}  // namespace drivemock
