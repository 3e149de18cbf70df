#pragma once
// Where the recorder may forward to. A recorder that forwards anywhere is an
// open proxy into the user's network: to the cloud's metadata service
// (169.254.169.254, fd00:ec2::254) with the instance's credentials behind
// it, or back to drivemock itself, where one call becomes a loop that holds
// every worker (through any of its listeners: plain, TLS or proxy). So a
// target's host is resolved and each address checked,
// when a recording starts and again on every call (a name may resolve
// elsewhere by then: DNS rebinding), and the call goes to the address that
// was checked. With --allow-record-target, only the hosts listed (and the
// --record-from target) may be recorded from at all.

#include <array>
#include <atomic>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/net_address.h"
#include "util/result.h"

namespace drivemock::record {

/// A target base URL's parts: "https://host:8443" → https, host, 8443.
struct TargetUrl {
  std::string scheme;  ///< "http" or "https"
  std::string host;    ///< lower case, without brackets
  int port = 0;        ///< the scheme's default when not given
};

/// The parts of an http(s) base URL (a path after the host is not allowed:
/// the request's own path is appended); nothing when it is not one.
std::optional<TargetUrl> parse_target_url(std::string_view url);

struct TargetRules {
  /// --allow-record-target: "host" or "host:port"; empty allows any host
  /// that is not refused below.
  std::vector<std::string> allowed;
  /// --record-from's target, allowed whatever `allowed` says.
  std::string record_from;
};

class TargetGuard {
 public:
  explicit TargetGuard(TargetRules rules)
      : rules_(std::move(rules)), record_from_(parse_target_url(rules_.record_from)) {}

  /// A port of drivemock's own (plain, TLS, proxy), once it listens: a
  /// target there on this machine is a loop, whatever name it is given
  /// (127.0.0.1, localhost, a gateway name mapped to this machine).
  void add_own_port(int port);

  /// The address to connect to for `url`, or why it may not be reached:
  /// not allowed, unresolvable, link-local or metadata, or drivemock itself.
  Result<NetAddress> check(std::string_view url) const;

 private:
  bool listed(const TargetUrl& target) const;

  TargetRules rules_;
  std::optional<TargetUrl> record_from_;  ///< rules_.record_from, parsed once
  bool own_port(int port) const;

  /// The listeners' ports, 0 where none: set once each, read on every call.
  std::array<std::atomic<int>, 3> own_ports_{};
};

}  // namespace drivemock::record
