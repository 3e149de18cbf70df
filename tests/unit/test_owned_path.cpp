// Files only their owner's path leads to (util/owned_path.h): what another
// local user who plants a symbolic link cannot make drivemock write. (A link
// of another user's needs root to make, as CI runs; elsewhere those cases
// are skipped with a warning.)
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "temp_dir.h"
#include "util/owned_path.h"

using namespace drivemock;
using drivemock::testing::read_text_file;
using drivemock::testing::TempDir;
namespace fs = std::filesystem;

namespace {

constexpr uid_t kNobody = 65534;

bool may_chown() {
  if (::geteuid() == 0) return true;
  WARN("not root: another user's links cannot be made here; skipped");
  return false;
}

/// A directory `victim` with a file `precious` in it, and the link `name`
/// in `dir` pointing at it, owned by `owner`.
std::string plant_link(const TempDir& dir, const std::string& name, uid_t owner) {
  fs::create_directories(dir.file("victim"));
  std::ofstream(dir.file("victim/precious")) << "precious";
  std::string link = dir.file(name);
  fs::create_symlink(dir.file("victim"), link);
  if (owner != ::geteuid()) REQUIRE(::lchown(link.c_str(), owner, owner) == 0);
  return link;
}

}  // namespace

TEST_CASE("a file is written whole in missing directories, replacing what was there") {
  TempDir dir;
  std::string path = dir.file("a/b/report.html");
  REQUIRE(write_file_atomically(path, "one"));
  REQUIRE(write_file_atomically(path, "two"));
  CHECK(read_text_file(path) == "two");
  // Nothing left beside it: the temporary was renamed.
  CHECK(std::distance(fs::directory_iterator(dir.file("a/b")), fs::directory_iterator()) == 1);
}

TEST_CASE("a directory link another user owns is not followed, and the refusal names it") {
  if (!may_chown()) return;
  TempDir dir;
  std::string link = plant_link(dir, "reports", kNobody);
  auto written = write_file_atomically(link + "/precious", "overwritten");
  REQUIRE_FALSE(written);
  CHECK(written.error().message == "cannot write " + link + "/precious: " + link +
                                       " is a symbolic link owned by another user (uid 65534); "
                                       "expected a path only you or root control");
  CHECK(read_text_file(dir.file("victim/precious")) == "precious");
  auto opened = open_on_owned_path(link + "/journal.jsonl", O_WRONLY | O_CREAT | O_APPEND, 0644);
  REQUIRE_FALSE(opened);
  CHECK_FALSE(fs::exists(dir.file("victim/journal.jsonl")));
}

TEST_CASE("a link of one's own is followed, unless a link of another user's is on its way") {
  TempDir dir;
  std::string link = plant_link(dir, "mine", ::geteuid());
  REQUIRE(write_file_atomically(link + "/new.html", "report"));
  CHECK(read_text_file(dir.file("victim/new.html")) == "report");
  if (!may_chown()) return;
  // mine2 → theirs → victim: the kernel would follow theirs too.
  fs::create_directories(dir.file("sub"));
  std::string theirs = dir.file("sub/theirs");
  fs::create_symlink(dir.file("victim"), theirs);
  REQUIRE(::lchown(theirs.c_str(), kNobody, kNobody) == 0);
  fs::create_symlink(theirs, dir.file("mine2"));
  auto written = write_file_atomically(dir.file("mine2/other.html"), "report");
  REQUIRE_FALSE(written);
  CHECK_THAT(written.error().message,
             Catch::Contains("theirs is a symbolic link owned by another user"));
  CHECK_FALSE(fs::exists(dir.file("victim/other.html")));
}

TEST_CASE("a link of one's own in a directory others may write is not followed") {
  TempDir dir;
  fs::create_directories(dir.file("shared"));
  fs::permissions(dir.file("shared"), fs::perms::all);  // 0777, no sticky bit
  plant_link(dir, "shared/out", ::geteuid());
  auto written = write_file_atomically(dir.file("shared/out/r.html"), "report");
  REQUIRE_FALSE(written);
  CHECK_THAT(written.error().message,
             Catch::Contains("shared/out is a symbolic link in a directory another user can "
                             "change (owner uid " +
                             std::to_string(::geteuid()) + ", mode 777)"));
  // The sticky bit (as /tmp has) keeps others from replacing one's link.
  fs::permissions(dir.file("shared"), fs::perms::sticky_bit, fs::perm_options::add);
  CHECK(write_file_atomically(dir.file("shared/out/r.html"), "report"));
}

TEST_CASE("a link planted at the file is replaced or refused, never written through") {
  TempDir dir;
  plant_link(dir, "unused", ::geteuid());
  std::string target = dir.file("pact.json");
  fs::create_symlink(dir.file("victim/precious"), target);
  auto written = write_file_atomically(target, "{}");
  REQUIRE_FALSE(written);
  CHECK(written.error().message ==
        "cannot write " + target + ": it exists and is not a regular file");
  CHECK(read_text_file(dir.file("victim/precious")) == "precious");
  // Appending follows a link of one's own (--journal-file /dev/stderr)...
  auto appended = open_on_owned_path(target, O_WRONLY | O_APPEND, 0);
  REQUIRE(appended);
  // ...never with O_EXCL (a capture log is always a new file).
  auto fresh = open_on_owned_path(target, O_WRONLY | O_CREAT | O_EXCL, 0600);
  REQUIRE_FALSE(fresh);
  if (!may_chown()) return;
  REQUIRE(::lchown(target.c_str(), kNobody, kNobody) == 0);
  auto theirs = open_on_owned_path(target, O_WRONLY | O_APPEND, 0);
  REQUIRE_FALSE(theirs);
  CHECK_THAT(theirs.error().message, Catch::Contains("owned by another user (uid 65534)"));
  CHECK(open_on_owned_path("/dev/stderr", O_WRONLY | O_APPEND, 0));  // root's link
}

TEST_CASE("a component that is no directory is named") {
  TempDir dir;
  std::ofstream(dir.file("file")) << "x";
  auto written = write_file_atomically(dir.file("file/r.html"), "report");
  REQUIRE_FALSE(written);
  CHECK(written.error().message == "cannot write " + dir.file("file/r.html") + ": " +
                                       dir.file("file") + " is not a directory");
}

TEST_CASE("a file or FIFO another user controls at the name is neither appended to nor read") {
  TempDir dir;
  std::string path = dir.file("journal.jsonl");
  std::ofstream(path) << "mine";
  REQUIRE(::chmod(path.c_str(), 0644) == 0);
  CHECK(open_on_owned_path(path, O_WRONLY | O_APPEND, 0));
  // One any user may write (a 0666 file, even one's own): refused, saying how to narrow it.
  REQUIRE(::chmod(path.c_str(), 0666) == 0);
  auto loose = open_on_owned_path(path, O_WRONLY | O_APPEND, 0);
  REQUIRE_FALSE(loose);
  CHECK(loose.error().message == "cannot open " + path +
                                     ": it is a file that other users can write " +
                                     "(mode 666); expected one only you can: chmod go-w " + path);
  // A FIFO hands what is written to whoever reads it: one's own, for no one else.
  std::string fifo = dir.file("stream");
  REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
  auto open_fifo = [&] { return open_on_owned_path(fifo, O_RDONLY | O_NONBLOCK, 0); };
  auto readable = open_fifo();
  REQUIRE_FALSE(readable);
  CHECK_THAT(readable.error().message, Catch::Contains(": it is a FIFO that other users can open"));
  REQUIRE(::chmod(fifo.c_str(), 0600) == 0);
  CHECK(open_fifo());
  CHECK(open_on_owned_path("/dev/null", O_WRONLY | O_APPEND, 0));  // a device: root's
  if (!may_chown()) return;
  REQUIRE(::chmod(path.c_str(), 0644) == 0);
  REQUIRE(::chown(path.c_str(), kNobody, kNobody) == 0);
  REQUIRE(::chown(fifo.c_str(), kNobody, kNobody) == 0);
  auto theirs = open_on_owned_path(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  REQUIRE_FALSE(theirs);
  CHECK(theirs.error().message == "cannot open " + path +
                                      ": it is a file owned by another user (uid 65534); expected "
                                      "one of yours: remove it, or give another path");
  CHECK_FALSE(open_on_owned_path(path, O_RDONLY, 0));
  CHECK_FALSE(open_fifo());
  CHECK(read_text_file(path) == "mine");
}
