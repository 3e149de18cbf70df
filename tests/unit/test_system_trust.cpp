// Which CA bundle an https upstream is verified against when OpenSSL's
// built-in place (Debian's /usr/lib/ssl, in the npm binary) is not there.
#include <catch2/catch.hpp>
#include <set>

#include "tls/system_trust.h"

using drivemock::tls::ca_bundle_to_use;
using drivemock::tls::TrustInputs;

namespace {

TrustInputs machine_with(std::set<std::string> files) {
  return {"", "", "/usr/lib/ssl/cert.pem", "/usr/lib/ssl/certs",
          [files](const std::string& path) { return files.contains(path); }};
}

}  // namespace

TEST_CASE("on Debian, OpenSSL's own default is used") {
  CHECK_FALSE(
      ca_bundle_to_use(machine_with({"/usr/lib/ssl/certs", "/etc/ssl/certs/ca-certificates.crt"})));
}

TEST_CASE("on Fedora or RHEL, where Debian's OpenSSL finds nothing, their bundle is used") {
  auto fedora = machine_with(
      {"/etc/pki/tls/certs/ca-bundle.crt", "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem"});
  CHECK(ca_bundle_to_use(fedora) == "/etc/pki/tls/certs/ca-bundle.crt");
  CHECK(ca_bundle_to_use(machine_with({"/etc/ssl/cert.pem"})) == "/etc/ssl/cert.pem");
}

TEST_CASE("SSL_CERT_FILE or SSL_CERT_DIR leaves the choice to OpenSSL") {
  auto fedora = machine_with({"/etc/pki/tls/certs/ca-bundle.crt"});
  fedora.env_file = "/my/ca.pem";
  CHECK_FALSE(ca_bundle_to_use(fedora));
  fedora.env_file.clear();
  fedora.env_dir = "/my/certs";
  CHECK_FALSE(ca_bundle_to_use(fedora));
}

TEST_CASE("no bundle anywhere: OpenSSL's defaults, and its verification error") {
  CHECK_FALSE(ca_bundle_to_use(machine_with({})));
}
