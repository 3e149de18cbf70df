#pragma once
// Which certificates an https upstream is verified against. OpenSSL looks in
// the places it was built with (Debian's: /usr/lib/ssl), or where
// SSL_CERT_FILE and SSL_CERT_DIR say. The npm package's binary carries
// Debian's OpenSSL to distributions that keep their certificates elsewhere
// (Fedora and RHEL in /etc/pki, Alpine and others in /etc/ssl/cert.pem); on
// those, it takes the bundle the distribution keeps, as Go and curl's
// static builds do.
#include <functional>
#include <optional>
#include <string>

namespace drivemock::tls {

struct TrustInputs {
  std::string env_file;      // SSL_CERT_FILE, or empty
  std::string env_dir;       // SSL_CERT_DIR, or empty
  std::string default_file;  // OpenSSL's built-in file (X509_get_default_cert_file)
  std::string default_dir;   // and directory (X509_get_default_cert_dir)
  std::function<bool(const std::string&)> exists;
};

/// The bundle to verify against, or none when OpenSSL's own search finds
/// one (its default is there, or the environment names one) or no known
/// bundle exists either.
std::optional<std::string> ca_bundle_to_use(const TrustInputs& inputs);

/// ca_bundle_to_use for this process and machine, worked out once.
const std::optional<std::string>& system_ca_bundle();

}  // namespace drivemock::tls
