#pragma once
// The names drivemock's local CA may issue a certificate for: loopback
// (localhost, 127.0.0.1, ::1), the service's gateway host names (from the
// contract document) and those given with --tls-name, where "*.example.com"
// allows any one label in front of example.com. Any other name a client
// asks for gets a handshake failure: drivemock does not pose as hosts it
// was not told to.

#include <string>
#include <string_view>
#include <vector>

namespace drivemock::tls {

class TlsNames {
 public:
  /// Loopback names, plus `allowed` (gateway hosts, --tls-name values).
  explicit TlsNames(std::vector<std::string> allowed);

  /// True when a certificate for `name` may be issued: a host name or an IP
  /// address (never a wildcard) that is allowed, compared without case; an
  /// allowed wildcard matches exactly one DNS label.
  bool allows(std::string_view name) const;

  /// The allowed entry a certificate for `name` is issued as: the wildcard
  /// that covers it ("*.example.com": one leaf for all its names), else
  /// `name` in lower case without a final dot. Only for allowed names.
  std::string leaf_name(std::string_view name) const;

  const std::vector<std::string>& names() const { return names_; }

 private:
  std::vector<std::string> names_;  ///< lower case
};

/// A usable --tls-name: a DNS name (letters, digits, '-', '.'), optionally
/// "*." in front, or an IP literal; else why not.
std::string tls_name_problem(std::string_view name);

}  // namespace drivemock::tls
