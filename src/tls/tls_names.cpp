#include "tls/tls_names.h"

#include <algorithm>
#include <cctype>

#include "util/net_address.h"
#include "util/text.h"

namespace drivemock::tls {

TlsNames::TlsNames(std::vector<std::string> allowed) {
  names_ = {"localhost", "127.0.0.1", "::1"};
  for (const auto& name : allowed) names_.push_back(ascii_lowercase(name));
}

namespace {

/// True when the allowed entry `allowed` covers the lower-case `name`.
bool covers(const std::string& allowed, std::string_view name) {
  if (allowed == name) return true;
  if (!allowed.starts_with("*.")) return false;
  // "*.example.com": one label, then ".example.com".
  std::string_view suffix = std::string_view(allowed).substr(1);
  if (name.size() <= suffix.size() || !name.ends_with(suffix)) return false;
  std::string_view label = name.substr(0, name.size() - suffix.size());
  return label.find('.') == std::string_view::npos;
}

}  // namespace

bool TlsNames::allows(std::string_view asked) const {
  std::string name = ascii_lowercase(asked);
  // Only a host name or an IP address is issued for: never a wildcard, nor
  // a label that no DNS name has ("a b", "x/y") under an allowed "*.".
  if (name.starts_with("*.") || !tls_name_problem(name).empty()) return false;
  return std::any_of(names_.begin(), names_.end(),
                     [&](const std::string& allowed) { return covers(allowed, name); });
}

std::string TlsNames::leaf_name(std::string_view asked) const {
  std::string name = ascii_lowercase(asked);
  for (const auto& allowed : names_) {
    if (allowed.starts_with("*.") && covers(allowed, name)) return allowed;
  }
  return name;
}

std::string tls_name_problem(std::string_view name) {
  std::string text(name);
  if (is_ip_literal(text)) return {};
  std::string_view host = name.starts_with("*.") ? name.substr(2) : name;
  bool ok = !host.empty() && host.size() <= 253 && host.front() != '.' && host.back() != '.' &&
            host.find("..") == std::string_view::npos &&
            std::all_of(host.begin(), host.end(), [](char c) {
              return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.';
            });
  if (ok) return {};
  return "'" + text +
         "' is no host name; expected a DNS name (a wildcard only as '*.' in front) "
         "or an IP address";
}

}  // namespace drivemock::tls
