#include "tls/system_trust.h"

#include <openssl/x509.h>
#include <sys/stat.h>

#include <array>
#include <cstdlib>
#include <string_view>

namespace drivemock::tls {
namespace {

// Where Linux distributions keep their bundle of trusted CAs, most common
// first (the same list as Go's crypto/x509).
constexpr std::array<std::string_view, 6> kBundles = {
    "/etc/ssl/certs/ca-certificates.crt",                 // Debian, Ubuntu, Arch, Gentoo
    "/etc/pki/tls/certs/ca-bundle.crt",                   // Fedora, RHEL 6
    "/etc/ssl/ca-bundle.pem",                             // openSUSE
    "/etc/pki/tls/cacert.pem",                            // OpenELEC
    "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem",  // CentOS, RHEL 7+
    "/etc/ssl/cert.pem",                                  // Alpine, macOS-like layouts
};

std::string environment(const char* name) {
  const char* value = std::getenv(name);
  return value == nullptr ? std::string() : std::string(value);
}

}  // namespace

std::optional<std::string> ca_bundle_to_use(const TrustInputs& inputs) {
  if (!inputs.env_file.empty() || !inputs.env_dir.empty()) return std::nullopt;
  if (inputs.exists(inputs.default_file) || inputs.exists(inputs.default_dir)) return std::nullopt;
  for (auto bundle : kBundles) {
    if (inputs.exists(std::string(bundle))) return std::string(bundle);
  }
  return std::nullopt;
}

const std::optional<std::string>& system_ca_bundle() {
  static const std::optional<std::string> bundle = ca_bundle_to_use({
      environment(X509_get_default_cert_file_env()),
      environment(X509_get_default_cert_dir_env()),
      X509_get_default_cert_file(),
      X509_get_default_cert_dir(),
      [](const std::string& path) {
        struct stat info {};
        return !path.empty() && ::stat(path.c_str(), &info) == 0;
      },
  });
  return bundle;
}

}  // namespace drivemock::tls
