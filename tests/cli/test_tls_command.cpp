// `drivemock ca` and the HTTPS listener from the command line: the CA made
// once and shown, and a served leaf that the openssl tool verifies against
// it, for the name asked and as a TLS server.
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "cli/binary.h"
#include "cli/process.h"
#include "temp_dir.h"

using namespace drivemock::testing;

TEST_CASE("drivemock ca makes the CA once, says where it is and how to trust it") {
  TempDir dir;
  Process ca({kBinary, "ca", "--tls-dir", dir.file("tls")});
  CHECK(ca.wait_exit() == 0);
  std::string cert = dir.file("tls/ca.pem");
  CHECK(ca.out().starts_with("drivemock's local CA: " + cert + "\n"));
  CHECK(ca.out().find("NODE_EXTRA_CA_CERTS=" + cert) != std::string::npos);
  CHECK(ca.out().find("update-ca-certificates") != std::string::npos);
  CHECK(ca.out().find("REQUESTS_CA_BUNDLE=" + cert) != std::string::npos);
  struct stat st {};
  REQUIRE(::stat(dir.file("tls/ca-key.pem").c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
  Process pem({kBinary, "ca", "--pem", "--tls-dir", dir.file("tls")});
  CHECK(pem.wait_exit() == 0);
  CHECK(pem.out() == read_text_file(cert));  // the same CA, not a new one
}

TEST_CASE("the certificate served for a gateway name verifies with openssl verify -CAfile") {
  TempDir dir;
  Process server(
      {kBinary, "--port", "0", "--tls-port", "0", "--tls-dir", dir.file("tls"), "--quiet"},
      dir.path.string());
  CHECK(port_of(server.read_line()) > 0);  // plain HTTP first
  std::string https = server.read_line();
  REQUIRE(https.starts_with("drivemock listening on https://127.0.0.1:"));
  // Then where the CA is, for a harness to trust it (the JS package reads it).
  CHECK(server.read_line() ==
        "drivemock CA certificate " + dir.file("tls/ca.pem") + " (trust it: drivemock ca)");
  std::string port = https.substr(https.rfind(':') + 1);
  std::string leaf = dir.file("leaf.pem");
  std::string fetch = "openssl s_client -connect 127.0.0.1:" + port +
                      " -servername gateway.filen.io </dev/null 2>/dev/null | openssl x509 -out " +
                      leaf;
  REQUIRE(std::system(fetch.c_str()) == 0);
  std::string verify = "openssl verify -CAfile " + dir.file("tls/ca.pem") +
                       " -purpose sslserver -verify_hostname gateway.filen.io " + leaf + " > " +
                       dir.file("verify.txt") + " 2>&1";
  CHECK(std::system(verify.c_str()) == 0);
  CHECK(read_text_file(dir.file("verify.txt")) == leaf + ": OK\n");
  std::string wrong = "openssl verify -CAfile " + dir.file("tls/ca.pem") +
                      " -verify_hostname gateway.filen.net " + leaf + " >/dev/null 2>&1";
  CHECK(std::system(wrong.c_str()) != 0);
  server.signal(SIGTERM);
  CHECK(server.wait_exit() == 0);
}

TEST_CASE(
    "HTTPS only when --tls-port comes without --port, and a bad --tls-name is a usage error") {
  TempDir dir;
  Process alone({kBinary, "--tls-port", "0", "--tls-dir", dir.file("tls"), "--quiet"},
                dir.path.string());
  CHECK(alone.read_line().starts_with("drivemock listening on https://127.0.0.1:"));
  alone.signal(SIGTERM);
  CHECK(alone.wait_exit() == 0);
  CHECK(alone.out().find("http://") == std::string::npos);

  Process bad({kBinary, "--tls-port", "0", "--tls-name", "a.*.test"});
  CHECK(bad.wait_exit() == 2);
  CHECK(bad.err().find("'a.*.test' is no host name") != std::string::npos);
}
