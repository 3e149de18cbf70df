#pragma once
// drivemock's local certificate authority: created on first use in a
// directory of the user's (never shipped), trusted once by the user, and
// issuing short-lived leaf certificates for the names a client asks for,
// so that clients that cannot be repointed (fixed https URLs) reach
// drivemock over TLS with no warning.

#include <chrono>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tls/openssl_types.h"
#include "tls/tls_names.h"
#include "util/result.h"

namespace drivemock::tls {

/// The CA's common name: what a trust store lists it as.
inline constexpr std::string_view kCaName = "drivemock local CA (this machine)";
/// How long a new CA is valid, and how long before its end it is replaced.
inline constexpr std::chrono::hours kCaValidity{24 * 365};
inline constexpr std::chrono::hours kCaRenewBefore{24 * 30};
/// How long a leaf is valid (from an hour before it is made: clock skew).
inline constexpr std::chrono::hours kLeafValidity{24 * 7};
/// Most leaves kept at once (least recently used dropped first), as
/// mitmproxy keeps 100: a client cannot grow the cache by asking for names.
inline constexpr size_t kMaxLeaves = 100;

/// Whether opening the CA may keep the one on disk.
enum class Renew { when_needed, now };

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
  /// (the directory 0700, the key 0600) when missing, about to expire, or
  /// when `renew` says. A new CA is name-constrained to `names` (wildcards
  /// as their domain): its key cannot sign for any other site. A directory
  /// or key another user owns or can change, or a symbolic link in the
  /// way, is refused; so is a kept CA whose constraints leave out a name of
  /// `names` (the message says how to make a new one).
  static Result<std::shared_ptr<LocalCa>> open(const std::string& dir, const TlsNames& names,
                                               Renew renew = Renew::when_needed);

  const std::string& cert_path() const { return cert_path_; }
  const std::string& key_path() const { return key_path_; }
  /// The CA certificate as PEM text.
  std::string pem() const;
  X509* cert() const { return cert_.get(); }

  /// A leaf for `name` (a DNS name, "*.domain", or an IPv4/IPv6 literal),
  /// issued now with subjectAltName `name` (localhost also covers 127.0.0.1
  /// and ::1). Thread-safe; the newest kMaxLeaves are kept, by name, and
  /// reissued before they expire.
  Result<std::shared_ptr<const Leaf>> leaf_for(const std::string& name);
  /// How many leaves are kept now.
  size_t leaves_kept() const;
  /// True when the CA carries name constraints (one made before drivemock
  /// constrained its CAs does not).
  bool constrained() const;

 private:
  LocalCa() = default;
  Result<std::shared_ptr<const Leaf>> issue(const std::string& name);

  std::string cert_path_;
  std::string key_path_;
  CertPtr cert_;
  KeyPtr key_;
  mutable std::mutex mutex_;
  std::shared_ptr<EVP_PKEY> leaf_key_;
  /// Most recently used first; `by_name_` points into it (O(1) lookup).
  using Kept = std::pair<std::string, std::shared_ptr<const Leaf>>;
  std::list<Kept> leaves_;
  std::unordered_map<std::string, std::list<Kept>::iterator> by_name_;
};

/// The nameConstraints value of a CA for `names`: "critical,permitted;DNS:…".
std::string name_constraints(const TlsNames& names);

/// Checks `cert` against `ca` for a TLS server named `name`, as a client
/// would (chain, dates, purpose, host or IP); why not, if it fails.
Status verify_leaf(X509* ca, X509* cert, const std::string& name);

}  // namespace drivemock::tls
