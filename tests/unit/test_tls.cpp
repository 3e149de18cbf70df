// The local CA and the names it issues for: made once with a private key
// only its owner reads, kept, and issuing leaves a TLS client verifies.
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <fstream>

#include "temp_dir.h"
#include "tls/local_ca.h"
#include "tls/tls_names.h"

using namespace drivemock;
using namespace drivemock::tls;
using drivemock::testing::TempDir;

namespace {

unsigned mode_of(const std::string& path) {
  struct stat st {};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  return st.st_mode & 0777;
}

/// The names the tests' CAs may sign for, beside loopback.
const TlsNames& test_names() {
  static const TlsNames names({"gateway.filen.io", "10.1.2.3", "*.example.test"});
  return names;
}

std::shared_ptr<LocalCa> open_ca(const std::string& dir) {
  auto ca = LocalCa::open(dir, test_names());
  INFO((ca ? std::string() : ca.error().message));
  REQUIRE(ca);
  return std::move(ca).value();
}

}  // namespace

TEST_CASE("the local CA is made on first use, its key readable by its owner alone, then kept") {
  TempDir dir;
  std::string where = dir.file("tls");
  auto ca = open_ca(where);
  CHECK(ca->cert_path() == where + "/ca.pem");
  CHECK(mode_of(where) == 0700);
  CHECK(mode_of(ca->key_path()) == 0600);
  CHECK(mode_of(ca->cert_path()) == 0644);
  CHECK(ca->pem().starts_with("-----BEGIN CERTIFICATE-----\n"));
  char name[256] = "";
  X509_NAME_get_text_by_NID(X509_get_subject_name(ca->cert()), NID_commonName, name, sizeof name);
  CHECK(std::string(name) == "drivemock local CA (this machine)");
  // Trusted once: the next start uses the same CA.
  CHECK(open_ca(where)->pem() == ca->pem());
}

TEST_CASE("a CA key that others can read is refused, saying how to mend it") {
  TempDir dir;
  auto ca = open_ca(dir.file("tls"));
  ::chmod(ca->key_path().c_str(), 0644);
  auto again = LocalCa::open(dir.file("tls"), test_names());
  REQUIRE_FALSE(again);
  CHECK(again.error().message == ca->key_path() +
                                     " can be read by others (mode 644); expected 600: chmod 600 " +
                                     ca->key_path() + ", or delete it and ca.pem for a new CA");
}

TEST_CASE("a CA file that does not read is replaced by a new CA") {
  TempDir dir;
  auto ca = open_ca(dir.file("tls"));
  std::ofstream(ca->cert_path()) << "not a certificate";
  auto fresh = open_ca(dir.file("tls"));
  CHECK(fresh->pem() != ca->pem());
  CHECK(fresh->pem().starts_with("-----BEGIN CERTIFICATE-----"));
}

TEST_CASE("leaves verify for the name they were issued for, as a TLS server, and no other") {
  TempDir dir;
  auto ca = open_ca(dir.file("tls"));
  auto gateway = ca->leaf_for("gateway.filen.io");
  REQUIRE(gateway);
  CHECK(verify_leaf(ca->cert(), (*gateway)->cert.get(), "gateway.filen.io"));
  auto other = verify_leaf(ca->cert(), (*gateway)->cert.get(), "gateway.filen.net");
  REQUIRE_FALSE(other);
  CHECK(other.error().message == "hostname mismatch");
  // localhost's also serves clients that connect to a loopback address.
  auto localhost = ca->leaf_for("localhost");
  REQUIRE(localhost);
  for (const char* name : {"localhost", "127.0.0.1", "::1"}) {
    INFO(name);
    CHECK(verify_leaf(ca->cert(), (*localhost)->cert.get(), name));
  }
  auto ip = ca->leaf_for("10.1.2.3");
  REQUIRE(ip);
  CHECK(verify_leaf(ca->cert(), (*ip)->cert.get(), "10.1.2.3"));
  // Issued once, then kept; short-lived.
  CHECK(ca->leaf_for("gateway.filen.io")->get() == gateway->get());
  auto life = (*gateway)->not_after - std::chrono::system_clock::now();
  CHECK(life <= kLeafValidity);
  CHECK(life > kLeafValidity - std::chrono::minutes(5));
  // Another CA's leaf is not this CA's.
  TempDir elsewhere;
  auto stranger = open_ca(elsewhere.file("tls"));
  CHECK_FALSE(verify_leaf(stranger->cert(), (*gateway)->cert.get(), "gateway.filen.io"));
}

TEST_CASE("the CA issues for loopback, the names given, and one label under a wildcard") {
  TlsNames names({"gateway.filen.io", "*.example.test", "Mock.Internal"});
  for (const char* name : {"localhost", "127.0.0.1", "::1", "gateway.filen.io", "GATEWAY.filen.io",
                           "api.example.test", "mock.internal"}) {
    INFO(name);
    CHECK(names.allows(name));
  }
  for (const char* name : {"", "example.test", "a.b.example.test", "evil.example",
                           "gateway.filen.io.evil.example", "xexample.test"}) {
    INFO(name);
    CHECK_FALSE(names.allows(name));
  }
  // Under a wildcard, only a DNS label: never the wildcard itself, a space,
  // a slash, a NUL or an empty label.
  using namespace std::string_literals;
  for (const std::string& name : {"*.example.test"s, "a b.example.test"s, "x/y.example.test"s,
                                  ".example.test"s, "a\0b.example.test"s, "_srv.example.test"s}) {
    INFO(name);
    CHECK_FALSE(names.allows(name));
  }
  CHECK(tls_name_problem("*.example.test").empty());
  CHECK(tls_name_problem("10.0.0.1").empty());
  CHECK(tls_name_problem("fe80::1").empty());
  CHECK(tls_name_problem("a.*.test") ==
        "'a.*.test' is no host name; expected a DNS name (a wildcard only as '*.' in front) or an "
        "IP address");
  CHECK_FALSE(tls_name_problem("bad name").empty());
  CHECK_FALSE(tls_name_problem("").empty());
}
