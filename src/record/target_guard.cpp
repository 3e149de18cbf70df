#include "record/target_guard.h"

#include <algorithm>

#include "util/text.h"

namespace drivemock::record {

std::optional<TargetUrl> parse_target_url(std::string_view url) {
  TargetUrl out;
  for (std::string_view scheme : {"http", "https"}) {
    if (url.starts_with(scheme) && url.substr(scheme.size()).starts_with("://")) {
      out.scheme = scheme;
    }
  }
  if (out.scheme.empty()) return std::nullopt;
  std::string_view authority = url.substr(out.scheme.size() + 3);
  while (authority.ends_with('/')) authority.remove_suffix(1);
  if (authority.empty() || authority.find_first_of("/?#@") != std::string_view::npos) {
    return std::nullopt;
  }
  out.host = authority_host(authority);
  bool has_port = authority.find(':', authority.starts_with('[') ? authority.find(']') : 0) !=
                  std::string_view::npos;
  auto port = authority_port(authority);
  if (out.host.empty() || (has_port && !port)) return std::nullopt;
  out.port = port.value_or(out.scheme == "https" ? 443 : 80);
  return out;
}

bool TargetGuard::listed(const TargetUrl& target) const {
  if (rules_.allowed.empty()) return true;
  if (record_from_ && record_from_->host == target.host && record_from_->port == target.port) {
    return true;
  }
  return std::any_of(rules_.allowed.begin(), rules_.allowed.end(), [&](const std::string& entry) {
    auto port = authority_port(entry);
    return authority_host(entry) == target.host && (!port || *port == target.port);
  });
}

void TargetGuard::add_own_port(int port) {
  for (auto& slot : own_ports_) {
    int empty = 0;
    if (slot.compare_exchange_strong(empty, port) || empty == port) return;
  }
}

bool TargetGuard::own_port(int port) const {
  return std::any_of(own_ports_.begin(), own_ports_.end(),
                     [&](const std::atomic<int>& own) { return own != 0 && own == port; });
}

Result<NetAddress> TargetGuard::check(std::string_view url) const {
  auto target = parse_target_url(url);
  if (!target) {
    return Error{"'" + std::string(url) +
                 "' is not an http(s) base URL; expected http(s)://host[:port]"};
  }
  std::string where = target->host + ":" + std::to_string(target->port);
  if (!listed(*target)) {
    return Error{"recording from " + where +
                 " is not allowed: drivemock was started with --allow-record-target, and not "
                 "with this one (add --allow-record-target " +
                 where + ")"};
  }
  auto addresses = resolve_host(target->host);
  if (addresses.empty()) return Error{"the host '" + target->host + "' does not resolve"};
  for (const auto& address : addresses) {
    if (is_link_local_or_metadata(address)) {
      return Error{"recording from " + where + " is refused: it resolves to " + address.text +
                   ", a link-local or cloud metadata address, where credentials of this machine "
                   "may be served"};
    }
    if (own_port(target->port) && (is_loopback_address(address) || is_local_interface(address))) {
      return Error{"recording from " + where + " is refused: it resolves to " + address.text +
                   ", drivemock itself, which would forward each call to itself for ever"};
    }
  }
  return addresses.front();
}

}  // namespace drivemock::record
