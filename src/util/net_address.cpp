#include "util/net_address.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netdb.h>

#include <cstring>
#include <vector>

#include "util/text.h"

namespace drivemock {
namespace {

/// The IPv4 address in `address` (in host order), plain or IPv4-mapped.
std::optional<uint32_t> ipv4_of(const NetAddress& address) {
  if (address.storage.ss_family == AF_INET) {
    return ntohl(reinterpret_cast<const sockaddr_in&>(address.storage).sin_addr.s_addr);
  }
  if (address.storage.ss_family != AF_INET6) return std::nullopt;
  const auto& v6 = reinterpret_cast<const sockaddr_in6&>(address.storage).sin6_addr;
  if (!IN6_IS_ADDR_V4MAPPED(&v6)) return std::nullopt;
  uint32_t v4 = 0;
  std::memcpy(&v4, v6.s6_addr + 12, 4);
  return ntohl(v4);
}

/// The IPv4 address a NAT64 address embeds (RFC 6052's well-known prefix
/// 64:ff9b::/96, and RFC 8215's local-use 64:ff9b:1::/48 with a /96 prefix):
/// a DNS64 resolver hands such an address out for any IPv4 host, the
/// metadata service's too.
std::optional<uint32_t> nat64_ipv4_of(const in6_addr& v6) {
  static const unsigned char kWellKnown[12] = {0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0};
  static const unsigned char kLocalUse[6] = {0, 0x64, 0xff, 0x9b, 0, 1};
  if (std::memcmp(v6.s6_addr, kWellKnown, sizeof kWellKnown) != 0 &&
      std::memcmp(v6.s6_addr, kLocalUse, sizeof kLocalUse) != 0) {
    return std::nullopt;
  }
  uint32_t v4 = 0;
  std::memcpy(&v4, v6.s6_addr + 12, 4);
  return ntohl(v4);
}

const in6_addr* ipv6_of(const NetAddress& address) {
  if (address.storage.ss_family != AF_INET6) return nullptr;
  return &reinterpret_cast<const sockaddr_in6&>(address.storage).sin6_addr;
}

std::string address_text(const sockaddr* sa) {
  char text[INET6_ADDRSTRLEN] = {};
  const void* raw =
      sa->sa_family == AF_INET
          ? static_cast<const void*>(&reinterpret_cast<const sockaddr_in*>(sa)->sin_addr)
          : static_cast<const void*>(&reinterpret_cast<const sockaddr_in6*>(sa)->sin6_addr);
  inet_ntop(sa->sa_family, raw, text, sizeof text);
  return text;
}

NetAddress from_sockaddr(const sockaddr* sa, socklen_t length) {
  NetAddress out;
  std::memcpy(&out.storage, sa, length);
  out.length = length;
  out.text = address_text(sa);
  return out;
}

/// The address bytes alone, to compare two addresses whatever their ports.
std::string address_bytes(const NetAddress& address) {
  if (auto v4 = ipv4_of(address)) return std::string(reinterpret_cast<const char*>(&*v4), 4);
  const in6_addr* v6 = ipv6_of(address);
  return v6 ? std::string(reinterpret_cast<const char*>(v6->s6_addr), 16) : std::string();
}

}  // namespace

std::string authority_host(std::string_view authority) {
  if (authority.starts_with('[')) {
    // Brackets hold an IPv6 literal and nothing else, and only ":port" may
    // follow them: "[pass.example:8443]" is no host, not pass.example:8443.
    size_t close = authority.find(']');
    if (close == std::string_view::npos) return {};
    std::string_view inside = authority.substr(1, close - 1);
    std::string_view after = authority.substr(close + 1);
    unsigned char v6[sizeof(in6_addr)];
    if (inet_pton(AF_INET6, std::string(inside).c_str(), v6) != 1) return {};
    if (!after.empty() && !after.starts_with(':')) return {};
    return ascii_lowercase(inside);
  }
  // One colon: host:port; more than one: a bare IPv6 address (no port), or
  // no host at all.
  size_t colon = authority.find(':');
  if (colon != std::string_view::npos && authority.find(':', colon + 1) == std::string_view::npos) {
    authority = authority.substr(0, colon);
  } else if (colon != std::string_view::npos && !is_ip_literal(authority)) {
    return {};
  }
  return ascii_lowercase(authority);
}

std::optional<int> authority_port(std::string_view authority) {
  size_t close = authority.starts_with('[') ? authority.find(']') : 0;
  if (close == std::string_view::npos) return std::nullopt;
  size_t colon = authority.find(':', close);
  if (colon == std::string_view::npos ||
      (close == 0 && authority.find(':', colon + 1) != std::string_view::npos)) {
    return std::nullopt;
  }
  auto port = whole_number(authority.substr(colon + 1));
  if (!port || *port < 1 || *port > 65535) return std::nullopt;
  return static_cast<int>(*port);
}

bool is_ip_literal(std::string_view host) {
  std::string text(host);
  unsigned char buffer[sizeof(in6_addr)];
  return inet_pton(AF_INET, text.c_str(), buffer) == 1 ||
         inet_pton(AF_INET6, text.c_str(), buffer) == 1;
}

bool is_loopback_host(std::string_view host) {
  if (host == "localhost" || host.ends_with(".localhost")) return true;
  in_addr v4{};
  in6_addr v6{};
  std::string text(host);
  if (inet_pton(AF_INET, text.c_str(), &v4) == 1) {
    uint32_t a = ntohl(v4.s_addr);
    return (a >> 24) == 127 || a == 0;
  }
  if (inet_pton(AF_INET6, text.c_str(), &v6) == 1) {
    return IN6_IS_ADDR_LOOPBACK(&v6) || IN6_IS_ADDR_UNSPECIFIED(&v6);
  }
  return false;
}

bool is_loopback_peer(std::string_view ip) {
  in_addr v4{};
  in6_addr v6{};
  std::string text(ip);
  if (inet_pton(AF_INET, text.c_str(), &v4) == 1) return (ntohl(v4.s_addr) >> 24) == 127;
  if (inet_pton(AF_INET6, text.c_str(), &v6) != 1) return false;
  return IN6_IS_ADDR_LOOPBACK(&v6) || (IN6_IS_ADDR_V4MAPPED(&v6) && v6.s6_addr[12] == 127);
}

bool is_loopback_origin(std::string_view origin) {
  for (std::string_view scheme : {"http://", "https://"}) {
    if (!origin.starts_with(scheme)) continue;
    std::string_view authority = origin.substr(scheme.size());
    if (authority.empty() || authority.find_first_of("/?#@") != std::string_view::npos) {
      return false;
    }
    std::string host = authority_host(authority);
    return !host.empty() && is_loopback_host(host);
  }
  return false;
}

bool is_link_local_or_metadata(const NetAddress& address) {
  auto v4 = ipv4_of(address);
  const in6_addr* v6 = ipv6_of(address);
  if (!v4 && v6) v4 = nat64_ipv4_of(*v6);
  if (v4) {
    // 169.254.0.0/16 holds AWS's, GCP's, Azure's, Oracle's and DigitalOcean's
    // metadata services; Alibaba Cloud's answers at 100.100.100.200, and
    // Oracle's older one at 192.0.0.192.
    constexpr uint32_t kAlibaba = (100u << 24) | (100u << 16) | (100u << 8) | 200u;
    constexpr uint32_t kOracleClassic = (192u << 24) | (192u);
    return (*v4 >> 16) == ((169u << 8) | 254u) || *v4 == kAlibaba || *v4 == kOracleClassic;
  }
  if (!v6) return false;
  in6_addr metadata{};
  inet_pton(AF_INET6, "fd00:ec2::254", &metadata);
  return IN6_IS_ADDR_LINKLOCAL(v6) || std::memcmp(v6, &metadata, sizeof metadata) == 0;
}

bool is_loopback_address(const NetAddress& address) {
  if (auto v4 = ipv4_of(address)) return (*v4 >> 24) == 127 || *v4 == 0;
  const in6_addr* v6 = ipv6_of(address);
  return v6 && (IN6_IS_ADDR_LOOPBACK(v6) || IN6_IS_ADDR_UNSPECIFIED(v6));
}

bool is_local_interface(const NetAddress& address) {
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) return false;
  std::string wanted = address_bytes(address);
  bool found = false;
  for (ifaddrs* i = list; i && !found; i = i->ifa_next) {
    if (!i->ifa_addr || (i->ifa_addr->sa_family != AF_INET && i->ifa_addr->sa_family != AF_INET6)) {
      continue;
    }
    socklen_t length =
        i->ifa_addr->sa_family == AF_INET ? sizeof(sockaddr_in) : sizeof(sockaddr_in6);
    found = address_bytes(from_sockaddr(i->ifa_addr, length)) == wanted;
  }
  freeifaddrs(list);
  return found;
}

NetAddress with_port(NetAddress address, int port) {
  auto network = htons(static_cast<uint16_t>(port));
  if (address.storage.ss_family == AF_INET) {
    reinterpret_cast<sockaddr_in*>(&address.storage)->sin_port = network;
  } else if (address.storage.ss_family == AF_INET6) {
    reinterpret_cast<sockaddr_in6*>(&address.storage)->sin6_port = network;
  }
  return address;
}

std::vector<NetAddress> resolve_host(const std::string& host) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  std::vector<NetAddress> out;
  if (getaddrinfo(host.c_str(), nullptr, &hints, &found) != 0) return out;
  for (addrinfo* a = found; a; a = a->ai_next) {
    if (a->ai_family == AF_INET || a->ai_family == AF_INET6) {
      out.push_back(from_sockaddr(a->ai_addr, a->ai_addrlen));
    }
  }
  freeaddrinfo(found);
  return out;
}

}  // namespace drivemock
