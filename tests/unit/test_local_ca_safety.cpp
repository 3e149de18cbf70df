// The local CA only its owner controls, constrained to the names it serves,
// with a bounded cache of leaves: what another local user or a web page
// cannot do with it. (Tests of another user's files need root to make them,
// as CI runs; elsewhere they are skipped with a warning.)
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "temp_dir.h"
#include "tls/local_ca.h"
#include "tls/tls_names.h"

using namespace drivemock;
using namespace drivemock::tls;
using drivemock::testing::TempDir;

namespace {

constexpr uid_t kOtherUser = 65534;  // nobody

const TlsNames& served() {
  static const TlsNames names({"gateway.filen.io", "*.example.test"});
  return names;
}

bool can_make_other_users_files() {
  if (::geteuid() == 0) return true;
  WARN("not root: another user's files cannot be made here; skipped");
  return false;
}

unsigned file_mode_of(const std::string& path) {
  struct stat st {};
  REQUIRE(::lstat(path.c_str(), &st) == 0);
  return st.st_mode & 0777;
}

}  // namespace

TEST_CASE("a CA directory another user owns is refused, not adopted, and left as it was") {
  if (!can_make_other_users_files()) return;
  TempDir dir;
  std::string theirs = dir.file("theirs");
  REQUIRE(LocalCa::open(theirs, served()));                       // a CA made there...
  REQUIRE(::chown(theirs.c_str(), kOtherUser, kOtherUser) == 0);  // ...then the other user's
  REQUIRE(::chown((theirs + "/ca-key.pem").c_str(), kOtherUser, kOtherUser) == 0);
  auto opened = LocalCa::open(theirs, served());
  REQUIRE_FALSE(opened);
  CHECK(opened.error().message == theirs +
                                      " is owned by another user (uid 65534); expected a "
                                      "directory of your own: choose another --tls-dir");
}

TEST_CASE("a CA key another user owns is refused even in a directory of one's own") {
  if (!can_make_other_users_files()) return;
  TempDir dir;
  std::string mine = dir.file("tls");
  auto ca = LocalCa::open(mine, served());
  REQUIRE(ca);
  REQUIRE(::chown((*ca)->key_path().c_str(), kOtherUser, kOtherUser) == 0);
  auto opened = LocalCa::open(mine, served());
  REQUIRE_FALSE(opened);
  CHECK(opened.error().message ==
        (*ca)->key_path() + " is owned by another user (uid 65534); expected a file of your own");
}

TEST_CASE("a CA directory others can write is refused, and a symbolic link is never followed") {
  TempDir dir;
  std::string open_dir = dir.file("open");
  std::filesystem::create_directory(open_dir);
  ::chmod(open_dir.c_str(), 0777);
  auto opened = LocalCa::open(open_dir, served());
  REQUIRE_FALSE(opened);
  CHECK(opened.error().message ==
        open_dir + " can be written by others (mode 777); expected 700: chmod 700 " + open_dir);
  // The directory itself as a link: refused, its target untouched.
  std::string target = dir.file("target");
  std::filesystem::create_directory(target);
  ::chmod(target.c_str(), 0755);
  std::filesystem::create_directory_symlink(target, dir.file("link"));
  auto linked = LocalCa::open(dir.file("link"), served());
  REQUIRE_FALSE(linked);
  CHECK(linked.error().message == dir.file("link") +
                                      " is a symbolic link; expected the directory "
                                      "itself");
  CHECK(file_mode_of(target) == 0755);
  CHECK(std::filesystem::is_empty(target));
  // The key as a link to a file elsewhere: refused.
  std::string mine = dir.file("tls");
  auto ca = LocalCa::open(mine, served());
  REQUIRE(ca);
  std::filesystem::rename((*ca)->key_path(), dir.file("key-elsewhere"));
  std::filesystem::create_symlink(dir.file("key-elsewhere"), (*ca)->key_path());
  auto key_linked = LocalCa::open(mine, served());
  REQUIRE_FALSE(key_linked);
  CHECK(key_linked.error().message ==
        (*ca)->key_path() + " is a symbolic link; expected the file itself");
}

TEST_CASE(
    "another user's symbolic link on the way to --tls-dir is not followed, nor its target "
    "changed") {
  if (!can_make_other_users_files()) return;
  TempDir dir;
  std::string victim = dir.file("victim");  // say, a directory of root's
  std::filesystem::create_directory(victim);
  ::chmod(victim.c_str(), 0755);
  std::string link = dir.file("shared");
  std::filesystem::create_directory_symlink(victim, link);
  REQUIRE(::lchown(link.c_str(), kOtherUser, kOtherUser) == 0);
  auto opened = LocalCa::open(link + "/tls", served());
  REQUIRE_FALSE(opened);
  CHECK(opened.error().message ==
        link +
            " is a symbolic link owned by another user (uid 65534); expected a path only you "
            "or root control");
  CHECK(std::filesystem::is_empty(victim));
  CHECK(file_mode_of(victim) == 0755);
}

TEST_CASE("a new CA is name-constrained: its leaves verify for the names it serves, no other") {
  TempDir dir;
  auto ca = LocalCa::open(dir.file("tls"), served());
  REQUIRE(ca);
  CHECK((*ca)->constrained());
  for (const char* name : {"gateway.filen.io", "localhost", "127.0.0.1", "::1"}) {
    INFO(name);
    auto leaf = (*ca)->leaf_for(name);
    REQUIRE(leaf);
    CHECK(verify_leaf((*ca)->cert(), (*leaf)->cert.get(), name));
  }
  auto wildcard = (*ca)->leaf_for("*.example.test");
  REQUIRE(wildcard);
  CHECK(verify_leaf((*ca)->cert(), (*wildcard)->cert.get(), "api.example.test"));
  // Its key signs a leaf for a bank: no client accepts it.
  for (const char* name : {"bank.example", "10.9.9.9", "gateway.filen.io.evil.example"}) {
    INFO(name);
    auto leaf = (*ca)->leaf_for(name);
    REQUIRE(leaf);
    auto verified = verify_leaf((*ca)->cert(), (*leaf)->cert.get(), name);
    REQUIRE_FALSE(verified);
    CHECK(verified.error().message == "permitted subtree violation");
  }
}

TEST_CASE("a kept CA that may not sign for a name now served says how to make a new one") {
  TempDir dir;
  std::string where = dir.file("tls");
  auto first = LocalCa::open(where, served());
  REQUIRE(first);
  TlsNames more({"gateway.filen.io", "*.example.test", "mock.internal"});
  auto again = LocalCa::open(where, more);
  REQUIRE_FALSE(again);
  CHECK(again.error().message ==
        "the local CA " + (*first)->cert_path() +
            " was made for other names and may not sign for 'mock.internal'; make a new one with "
            "`drivemock ca --new --tls-dir " +
            where + "` and the --tls-name options you use, then trust it again");
  auto renewed = LocalCa::open(where, more, Renew::now);
  REQUIRE(renewed);
  CHECK((*renewed)->pem() != (*first)->pem());
  auto leaf = (*renewed)->leaf_for("mock.internal");
  REQUIRE(leaf);
  CHECK(verify_leaf((*renewed)->cert(), (*leaf)->cert.get(), "mock.internal"));
  CHECK(LocalCa::open(where, more));  // kept from now on
}

TEST_CASE("leaves are kept by name, at most 100, the least recently used dropped first") {
  TempDir dir;
  auto ca = LocalCa::open(dir.file("tls"), served());
  REQUIRE(ca);
  // Case spellings and the names under a wildcard are one leaf each.
  CHECK(served().leaf_name("GATEWAY.Filen.IO") == "gateway.filen.io");
  CHECK(served().leaf_name("a.example.test") == "*.example.test");
  CHECK(served().leaf_name("B.Example.Test") == "*.example.test");
  auto first = (*ca)->leaf_for("n0.example");
  REQUIRE(first);
  std::shared_ptr<const Leaf> second;
  for (int i = 1; i < 150; ++i) {
    auto leaf = (*ca)->leaf_for("n" + std::to_string(i) + ".example");
    REQUIRE(leaf);
    if (i == 1) second = *leaf;
    if (i % 10 == 0) REQUIRE((*ca)->leaf_for("n0.example")->get() == first->get());  // kept in use
  }
  CHECK((*ca)->leaves_kept() == kMaxLeaves);
  CHECK((*ca)->leaf_for("n0.example")->get() == first->get());  // used lately: kept
  auto again = (*ca)->leaf_for("n1.example");                   // not used since: made anew
  REQUIRE(again);
  CHECK(again->get() != second.get());
  CHECK((*ca)->leaves_kept() == kMaxLeaves);
}
