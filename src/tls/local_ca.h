#pragma once
// drivemock's local certificate authority: created on first use in a
// directory of the user's (never shipped), trusted once by the user, and
// issuing short-lived leaf certificates for the names a client asks for,
// so that clients that cannot be repointed (fixed https URLs) reach
// drivemock over TLS with no warning.

#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "tls/openssl_types.h"
#include "util/result.h"

namespace drivemock::tls {

/// The CA's common name: what a trust store lists it as.
inline constexpr std::string_view kCaName = "drivemock local CA (this machine)";
/// How long a new CA is valid, and how long before its end it is replaced.
inline constexpr std::chrono::hours kCaValidity{24 * 365};
inline constexpr std::chrono::hours kCaRenewBefore{24 * 30};
/// How long a leaf is valid (from an hour before it is made: clock skew).
inline constexpr std::chrono::hours kLeafValidity{24 * 7};

/// Where the CA lives unless --tls-dir says: $XDG_DATA_HOME/drivemock, else
/// ~/.local/share/drivemock.
std::string default_tls_dir();

/// A leaf certificate and its key, ready for a TLS handshake.
struct Leaf {
  CertPtr cert;
  std::shared_ptr<EVP_PKEY> key;  ///< one key for all leaves of a CA
  std::chrono::system_clock::time_point not_after;
};

class LocalCa {
 public:
  /// The CA in `dir`: read from ca.pem and ca-key.pem, or created there
  /// (the directory 0700, the key 0600) when missing or about to expire.
  static Result<std::shared_ptr<LocalCa>> open(const std::string& dir);

  const std::string& cert_path() const { return cert_path_; }
  const std::string& key_path() const { return key_path_; }
  /// The CA certificate as PEM text.
  std::string pem() const;
  X509* cert() const { return cert_.get(); }

  /// A leaf for `name` (a DNS name, or an IPv4/IPv6 literal), issued now
  /// with subjectAltName `name` (localhost also covers 127.0.0.1 and ::1).
  /// Thread-safe; leaves are kept and reissued before they expire.
  Result<std::shared_ptr<const Leaf>> leaf_for(const std::string& name);

 private:
  LocalCa() = default;
  std::string cert_path_;
  std::string key_path_;
  CertPtr cert_;
  KeyPtr key_;
  std::mutex mutex_;
  std::shared_ptr<EVP_PKEY> leaf_key_;
  std::vector<std::pair<std::string, std::shared_ptr<const Leaf>>> leaves_;
};

/// Checks `cert` against `ca` for a TLS server named `name`, as a client
/// would (chain, dates, purpose, host or IP); why not, if it fails.
Status verify_leaf(X509* ca, X509* cert, const std::string& name);

}  // namespace drivemock::tls
