#include "util/private_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string_view>

namespace drivemock {
namespace {

constexpr size_t kMaxPrivateFile = 1 << 20;

/// Whose and what `path` is, without following a symbolic link there.
bool lstat_of(const std::string& path, struct stat& out) {
  return ::lstat(path.c_str(), &out) == 0;
}

Status check_component(const std::string& path, const struct stat& st) {
  if (!S_ISLNK(st.st_mode)) return done();
  // /var/run → /run is root's; a link another user made is theirs to point
  // anywhere, at a directory of ours that we would then chmod and fill.
  if (st.st_uid == 0 || st.st_uid == ::geteuid()) return done();
  return Error{path + " is a symbolic link owned by another user (uid " +
               std::to_string(st.st_uid) + "); expected a path only you or root control"};
}

}  // namespace

std::string octal_mode(mode_t mode) {
  char text[8];
  std::snprintf(text, sizeof text, "%03o", static_cast<unsigned>(mode & 07777));
  return text;
}

std::string loose_mode_message(const std::string& path, mode_t mode) {
  return path + " can be read by others (mode " + octal_mode(mode) + "); expected 600: chmod 600 " +
         path;
}

Result<std::string> read_private_file(const std::string& path, Owner owner) {
  int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    if (errno == ELOOP) return Error{path + " is a symbolic link; expected the file itself"};
    return Error{"cannot open " + path + ": " + std::strerror(errno)};
  }
  struct stat st {};
  std::string problem;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    problem = path + " is not a regular file";
  } else if (owner == Owner::me && st.st_uid != ::geteuid()) {
    problem = path + " is owned by another user (uid " + std::to_string(st.st_uid) +
              "); expected a file of your own";
  } else if ((st.st_mode & 077) != 0) {
    problem = loose_mode_message(path, st.st_mode);
  } else if (static_cast<size_t>(st.st_size) > kMaxPrivateFile) {
    problem = path + " is over 1 MiB; expected a key or a token";
  }
  std::string text;
  if (problem.empty()) {
    text.resize(static_cast<size_t>(st.st_size));
    size_t done_bytes = 0;
    while (done_bytes < text.size()) {
      ssize_t n = ::read(fd, text.data() + done_bytes, text.size() - done_bytes);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      done_bytes += static_cast<size_t>(n);
    }
    text.resize(done_bytes);
  }
  ::close(fd);
  if (!problem.empty()) return Error{problem};
  return text;
}

Status make_private_dir(const std::string& dir) {
  if (dir.empty()) return Error{"no directory given"};
  // Each part of the path in turn, from the root (or the working directory).
  size_t from = dir.front() == '/' ? 1 : 0;
  while (from <= dir.size()) {
    size_t slash = dir.find('/', from);
    std::string part = dir.substr(0, slash == std::string::npos ? dir.size() : slash);
    bool last =
        slash == std::string::npos || dir.find_first_not_of('/', slash) == std::string::npos;
    struct stat st {};
    if (!part.empty() && !lstat_of(part, st)) {
      if (errno != ENOENT) return Error{"cannot read " + part + ": " + std::strerror(errno)};
      if (::mkdir(part.c_str(), last ? 0700 : 0755) != 0 && errno != EEXIST) {
        return Error{"cannot create " + part + ": " + std::strerror(errno)};
      }
      if (!lstat_of(part, st)) return Error{"cannot read " + part + ": " + std::strerror(errno)};
    }
    if (!part.empty() && !last) {
      if (auto ok = check_component(part, st); !ok) return ok;
    }
    if (last) {
      if (S_ISLNK(st.st_mode)) {
        return Error{dir + " is a symbolic link; expected the directory itself"};
      }
      if (!S_ISDIR(st.st_mode)) return Error{dir + " is not a directory"};
      if (st.st_uid != ::geteuid()) {
        return Error{dir + " is owned by another user (uid " + std::to_string(st.st_uid) +
                     "); expected a directory of your own: choose another --tls-dir"};
      }
      if ((st.st_mode & 022) != 0) {
        return Error{dir + " can be written by others (mode " + octal_mode(st.st_mode) +
                     "); expected 700: chmod 700 " + dir};
      }
      int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (fd < 0 || ::fchmod(fd, 0700) != 0) {
        std::string why = std::strerror(errno);
        if (fd >= 0) ::close(fd);
        return Error{"cannot make " + dir + " private: " + why};
      }
      ::close(fd);
      return done();
    }
    from = slash + 1;
  }
  return done();
}

mode_t new_file_mode() {
  // /proc/self/status says "Umask:\t0022" (Linux 4.7 and later); umask(2)
  // would have to set one to read it, racing every other thread.
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (!line.starts_with("Umask:")) continue;
    mode_t mask = static_cast<mode_t>(std::strtoul(line.c_str() + 6, nullptr, 8));
    return 0666 & ~mask;
  }
  return 0600;  // unknown: the narrowest
}

}  // namespace drivemock
