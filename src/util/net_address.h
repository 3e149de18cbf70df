#pragma once
// Host names and addresses as the guards of the admin API and the recorder
// read them: which are this machine's loopback, which are link-local (where
// clouds answer with their instance's credentials), and the host in a Host
// header or a URL's authority.

#include <netinet/in.h>
#include <sys/socket.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace drivemock {

/// The host of "host", "host:port", "[v6]" or "[v6]:port", lower-cased and
/// without brackets; empty for an empty or malformed authority (brackets
/// around anything but an IPv6 literal among them).
std::string authority_host(std::string_view authority);

/// The port of such an authority, if it gives one (nullopt also when it is not
/// a number from 1 to 65535).
std::optional<int> authority_port(std::string_view authority);

/// True for an IPv4 or IPv6 address written out ("10.0.0.1", "::1"), not a name.
bool is_ip_literal(std::string_view host);

/// True for localhost, a name under .localhost, an address of 127.0.0.0/8,
/// ::1 and 0.0.0.0 (which reaches this machine too): names only this machine
/// answers to, so DNS rebinding cannot reach the server with them.
bool is_loopback_host(std::string_view host);

/// True for a peer's address (as accept() gives it) on this machine's
/// loopback: 127.0.0.0/8, ::1, or 127.0.0.0/8 mapped into IPv6. Unlike
/// is_loopback_host, neither unspecified address (0.0.0.0, ::): they name
/// this machine as a destination, never a peer.
bool is_loopback_peer(std::string_view ip);

/// True for an Origin of a page of this machine: http or https, a host
/// is_loopback_host takes, any port, and nothing after the authority (no
/// path, query, fragment or userinfo). "null" (a sandboxed frame, a file)
/// and every other origin are not. The admin API lets such pages in without
/// a token; the mock API's CORS lets them read its answers.
bool is_loopback_origin(std::string_view origin);

/// A resolved address, IPv4 or IPv6 (a sockaddr_storage), with its text.
struct NetAddress {
  sockaddr_storage storage{};
  socklen_t length = 0;
  std::string text;  ///< "169.254.169.254", "fd00:ec2::254"
};

/// True for addresses a recorder must never reach: link-local IPv4
/// (169.254.0.0/16, most clouds' metadata service among them), the other
/// clouds' metadata addresses (100.100.100.200, 192.0.0.192), link-local
/// IPv6 (fe80::/10), the IPv6 metadata address fd00:ec2::254, and the IPv4
/// ones as IPv4-mapped and NAT64 (64:ff9b::/96, 64:ff9b:1::/48) addresses.
bool is_link_local_or_metadata(const NetAddress& address);

/// True for a loopback address (127.0.0.0/8, ::1, 0.0.0.0, ::, or mapped).
bool is_loopback_address(const NetAddress& address);

/// True when `address` is one of this machine's own interface addresses.
bool is_local_interface(const NetAddress& address);

/// `address` with `port` (network order is this function's business).
NetAddress with_port(NetAddress address, int port);

/// Every address `host` resolves to (numeric hosts parse as themselves); an
/// empty list when it resolves to none.
std::vector<NetAddress> resolve_host(const std::string& host);

}  // namespace drivemock
