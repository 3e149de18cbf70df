#pragma once
// Files only their owner controls: the local CA's directory and key, the
// admin token file. A secret another local user can read, or a directory
// another user owns or can write (and so swap a key or a symbolic link in),
// is refused with a message that says what to do, never used; and no
// symbolic link is followed in making or reading them.

#include <sys/types.h>

#include <string>

#include "util/result.h"

namespace drivemock {

/// Who must own a private file besides its mode being 0600 or narrower.
enum class Owner { anyone, me };

/// A file mode's permission bits in octal ("644", "1777" with the sticky bit).
std::string octal_mode(mode_t mode);

/// "PATH can be read by others (mode 644); expected 600: chmod 600 PATH":
/// the one message for a secret others can read.
std::string loose_mode_message(const std::string& path, mode_t mode);

/// The text of the secret file `path` (at most 1 MiB): a regular file, not a
/// symbolic link, readable by its owner alone, and owned by the running
/// user when `owner` says so; else why not.
Result<std::string> read_private_file(const std::string& path, Owner owner);

/// Makes `dir` (and missing parents) or checks the one there: the directory
/// itself is no symbolic link, is owned by the running user and is writable
/// by no one else (it is then made 0700); no part of the path is a symbolic
/// link owned by another user than root or the running user.
Status make_private_dir(const std::string& dir);

/// The mode a new file gets under the process's umask (0666 & ~umask), read
/// without changing the umask (other threads may be creating files).
mode_t new_file_mode();

}  // namespace drivemock
