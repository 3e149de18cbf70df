#include "util/owned_path.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <deque>
#include <optional>
#include <utility>

#include "util/private_file.h"
#include "util/random.h"

namespace drivemock {

UniqueFd& UniqueFd::operator=(UniqueFd&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.release();
  }
  return *this;
}

UniqueFd::~UniqueFd() {
  if (fd_ >= 0) ::close(fd_);
}

namespace {

/// More links than this on one path is a loop (the kernel's own bound).
constexpr int kMaxLinks = 40;

std::string errno_text() {
  return std::strerror(errno);
}

/// Whether a user other than root and the running one could replace an
/// entry of the directory `dir`: it is theirs, or they may write it and no
/// sticky bit keeps them from removing what is not theirs.
bool others_may_change(const struct stat& dir) {
  if (dir.st_uid != 0 && dir.st_uid != ::geteuid()) return true;
  if ((dir.st_mode & S_ISVTX) != 0) return false;
  if ((dir.st_mode & S_IWOTH) != 0) return true;
  return (dir.st_mode & S_IWGRP) != 0 && dir.st_gid != 0 && dir.st_gid != ::getegid();
}

/// Whether the link `shown` (whose lstat is `link`), an entry of the open
/// directory `dir_fd`, may be followed: why not, or nothing.
std::optional<std::string> untrusted_link(const std::string& shown, const struct stat& link,
                                          int dir_fd) {
  if (link.st_uid != 0 && link.st_uid != ::geteuid()) {
    return shown + " is a symbolic link owned by another user (uid " + std::to_string(link.st_uid) +
           "); expected a path only you or root control";
  }
  struct stat dir {};
  if (::fstat(dir_fd, &dir) != 0) return "cannot read the directory of " + shown;
  if (others_may_change(dir)) {
    return shown + " is a symbolic link in a directory another user can change (owner uid " +
           std::to_string(dir.st_uid) + ", mode " + octal_mode(dir.st_mode) +
           "), who could point it anywhere; expected a path only you or root control";
  }
  return std::nullopt;
}

/// Why the file `shown` (its fstat `st`), found at a name drivemock was
/// given, is another user's to control: they own it, or may write it, or
/// (a FIFO or a socket, where a reader takes what is written) read it. A
/// device is root's (only root makes one: /dev/null, a terminal).
std::optional<std::string> foreign_file(const std::string& shown, const struct stat& st) {
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) return std::nullopt;
  const char* what = S_ISREG(st.st_mode) ? "a file" : S_ISFIFO(st.st_mode) ? "a FIFO" : "an entry";
  if (st.st_uid != 0 && st.st_uid != ::geteuid()) {
    return std::string("it is ") + what + " owned by another user (uid " +
           std::to_string(st.st_uid) + "); expected one of yours: remove it, or give another path";
  }
  bool group_other = st.st_gid != 0 && st.st_gid != ::getegid();
  bool stream = !S_ISREG(st.st_mode);
  mode_t others = S_IWOTH | (stream ? S_IROTH : 0);
  mode_t group = group_other ? S_IWGRP | (stream ? S_IRGRP : 0) : 0;
  if ((st.st_mode & (others | group)) != 0) {
    return std::string("it is ") + what + " that other users can " + (stream ? "open" : "write") +
           " (mode " + octal_mode(st.st_mode) + "); expected one only you can: chmod go-" +
           (stream ? "rw " : "w ") + shown;
  }
  return std::nullopt;
}

/// `path` split at its last slash: the directory ("" for the working one)
/// and the name in it.
std::pair<std::string, std::string> split_path(const std::string& path) {
  size_t slash = path.rfind('/');
  if (slash == std::string::npos) return {"", path};
  return {slash == 0 ? "/" : path.substr(0, slash), path.substr(slash + 1)};
}

std::deque<std::string> components(std::string_view path) {
  std::deque<std::string> parts;
  size_t from = 0;
  while (from <= path.size()) {
    size_t slash = path.find('/', from);
    if (slash == std::string_view::npos) slash = path.size();
    if (slash > from) parts.emplace_back(path.substr(from, slash - from));
    from = slash + 1;
  }
  return parts;
}

}  // namespace

Result<UniqueFd> open_owned_dir(const std::string& dir, Missing missing) {
  bool absolute = !dir.empty() && dir.front() == '/';
  UniqueFd at(::open(absolute ? "/" : ".", O_PATH | O_DIRECTORY | O_CLOEXEC));
  if (at.get() < 0)
    return Error{"cannot open " + std::string(absolute ? "/" : ".") + ": " + errno_text()};
  std::string shown = absolute ? "" : ".";  // the path walked so far, as the user sees it
  std::deque<std::string> rest = components(dir);
  int links = 0;
  while (!rest.empty()) {
    std::string name = std::move(rest.front());
    rest.pop_front();
    if (name == ".") continue;
    shown += "/" + name;
    struct stat st {};
    if (::fstatat(at.get(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
      if (errno != ENOENT || missing == Missing::refuse)
        return Error{"cannot reach " + shown + ": " + errno_text()};
      // 0777: what the umask leaves, as mkdir -p would make it.
      if (::mkdirat(at.get(), name.c_str(), 0777) != 0 && errno != EEXIST) {
        return Error{"cannot create " + shown + ": " + errno_text()};
      }
      if (::fstatat(at.get(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
        return Error{"cannot reach " + shown + ": " + errno_text()};
      }
    }
    if (S_ISLNK(st.st_mode)) {
      if (auto why = untrusted_link(shown, st, at.get())) return Error{*why};
      if (++links > kMaxLinks) return Error{"cannot reach " + shown + ": too many symbolic links"};
      std::string target(PATH_MAX, '\0');
      ssize_t n = ::readlinkat(at.get(), name.c_str(), target.data(), target.size());
      if (n < 0) return Error{"cannot read the symbolic link " + shown + ": " + errno_text()};
      target.resize(static_cast<size_t>(n));
      // The link's target is walked as the rest of the path was, link by
      // link: the kernel would follow a link of another user's on the way.
      auto more = components(target);
      rest.insert(rest.begin(), more.begin(), more.end());
      if (!target.empty() && target.front() == '/') {
        at = UniqueFd(::open("/", O_PATH | O_DIRECTORY | O_CLOEXEC));
        if (at.get() < 0) return Error{"cannot open /: " + errno_text()};
        shown = "";
      } else {
        shown.resize(shown.size() - name.size() - 1);
      }
      continue;
    }
    if (!S_ISDIR(st.st_mode)) return Error{shown + " is not a directory"};
    UniqueFd next(::openat(at.get(), name.c_str(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (next.get() < 0) return Error{"cannot open " + shown + ": " + errno_text()};
    at = std::move(next);
  }
  return at;
}

namespace {

/// Writes all of `text` to `fd` and syncs it; the errno of the first failure.
int write_and_sync(int fd, std::string_view text) {
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return n < 0 ? errno : EIO;
    done += static_cast<size_t>(n);
  }
  return ::fsync(fd) == 0 ? 0 : errno;
}

}  // namespace

Status write_file_atomically(const std::string& path, std::string_view text,
                             std::optional<mode_t> mode) {
  auto [dir, name] = split_path(path);
  if (name.empty() || name == "." || name == "..") {
    return Error{"cannot write " + path + ": it names a directory; expected a file"};
  }
  auto at = open_owned_dir(dir, Missing::make);
  if (!at) return Error{"cannot write " + path + ": " + at.error().message};
  // rename(2) would put a regular file in the place of whatever is there:
  // --record-to /dev/null, run as root, would replace the device.
  struct stat st {};
  if (::fstatat(at->get(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISREG(st.st_mode)) {
    return Error{"cannot write " + path + ": it exists and is not a regular file"};
  }
  // A fresh file of an unpredictable name (O_EXCL, O_NOFOLLOW: neither a
  // file nor a link planted there beforehand is written through).
  std::string temp = name + ".tmp-" + random_hex(8);
  UniqueFd fd(::openat(at->get(), temp.c_str(),
                       O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666));
  if (fd.get() < 0) {
    return Error{"cannot create a temporary file beside " + path + ": " + errno_text()};
  }
  int error = mode && ::fchmod(fd.get(), *mode) != 0 ? errno : 0;
  if (error == 0) error = write_and_sync(fd.get(), text);
  if (::close(fd.release()) != 0 && error == 0) error = errno;
  if (error == 0 && ::renameat(at->get(), temp.c_str(), at->get(), name.c_str()) != 0) {
    int renamed = errno;
    ::unlinkat(at->get(), temp.c_str(), 0);
    return Error{"cannot rename the new file to " + path + ": " + std::strerror(renamed)};
  }
  // A full disk leaves neither a half file at the target nor the temporary.
  if (error != 0) {
    ::unlinkat(at->get(), temp.c_str(), 0);
    return Error{"cannot write " + path + ": " + std::strerror(error)};
  }
  return done();
}

Result<UniqueFd, OpenFailure> open_on_owned_path(const std::string& path, int flags, mode_t mode) {
  auto [dir, name] = split_path(path);
  if (name.empty() || name == "." || name == "..") {
    return OpenFailure{"cannot open " + path + ": it names a directory; expected a file", EISDIR};
  }
  auto at = open_owned_dir(dir, (flags & O_CREAT) != 0 ? Missing::make : Missing::refuse);
  if (!at) return OpenFailure{"cannot open " + path + ": " + at.error().message};
  int fd = ::openat(at->get(), name.c_str(), flags | O_NOFOLLOW | O_CLOEXEC, mode);
  if (fd < 0 && errno == ELOOP && (flags & O_EXCL) == 0) {
    // A link at the name itself: followed by the kernel when trusted, so
    // that /dev/stderr (root's, to /proc/self/fd/2) still works.
    struct stat st {};
    if (::fstatat(at->get(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode)) {
      std::string shown = dir.empty() ? name : (dir == "/" ? "" : dir) + "/" + name;
      if (auto why = untrusted_link(shown, st, at->get())) return OpenFailure{*why};
      fd = ::openat(at->get(), name.c_str(), flags | O_CLOEXEC, mode);
    } else {
      errno = ELOOP;
    }
  }
  if (fd < 0) return OpenFailure{"cannot open " + path + ": " + errno_text(), errno};
  UniqueFd opened(fd);
  // A file that was there already (not one this call made with O_EXCL) is
  // read or appended to only when no other user controls it.
  if ((flags & O_EXCL) == 0) {
    struct stat st {};
    if (::fstat(fd, &st) != 0) return OpenFailure{"cannot read " + path + ": " + errno_text()};
    if (auto why = foreign_file(path, st)) return OpenFailure{"cannot open " + path + ": " + *why};
  }
  return opened;
}

}  // namespace drivemock
