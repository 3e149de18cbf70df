#include "model/redaction.h"

#include <algorithm>
#include <array>

#include "util/text.h"

namespace drivemock {
namespace {

/// x-drivemock-session: an id, which the entry's `session` names anyway, or
/// a key sent there by mistake, which must not be kept.
constexpr std::array<std::string_view, 5> kSecretNames = {
    "authorization", "proxy-authorization", "cookie", "set-cookie", "x-drivemock-session"};
constexpr std::array<std::string_view, 6> kSecretParts = {"token",   "secret", "password",
                                                          "api-key", "apikey", "api_key"};

/// Header names are short: lower-cased once on the stack, then searched
/// with string_view (every request's every header comes through here).
constexpr size_t kShortName = 64;

/// The letters that start what marks a built-in secret name, in either case:
/// a k (cookie, token, key), a z (authorization), a w (password), or the c
/// of "cret" (secret).
constexpr std::array<bool, 256> kSecretMarks = [] {
  std::array<bool, 256> marks{};
  for (unsigned char c : std::string_view("kzwcKZWC")) marks[c] = true;
  return marks;
}();

/// Whether a name, in any case, has a k, a z, a w or "cret", as each built-in
/// secret name does. Most names have none and are done with in this one
/// scan, before any lower-casing (every request's every header comes here).
bool may_be_secret(std::string_view name) {
  for (size_t i = 0; i < name.size(); ++i) {
    if (!kSecretMarks[static_cast<unsigned char>(name[i])]) continue;
    if (ascii_lower(name[i]) != 'c') return true;
    if (name.size() - i > 3 && ascii_lower(name[i + 1]) == 'r' && ascii_lower(name[i + 2]) == 'e' &&
        ascii_lower(name[i + 3]) == 't') {
      return true;
    }
  }
  return false;
}

bool secret_lowercase(std::string_view lower) {
  return std::find(kSecretNames.begin(), kSecretNames.end(), lower) != kSecretNames.end() ||
         std::any_of(kSecretParts.begin(), kSecretParts.end(), [&](std::string_view part) {
           return lower.find(part) != std::string_view::npos;
         });
}

bool secret_by_rule(std::string_view name) {
  if (!may_be_secret(name)) return false;
  if (name.size() > kShortName) return secret_lowercase(ascii_lowercase(name));
  char lower[kShortName];
  std::transform(name.begin(), name.end(), lower, ascii_lower);
  return secret_lowercase(std::string_view(lower, name.size()));
}

/// Calls `fn(name, value_begin, value_end)` for each parameter of the query
/// of `url` (offsets into `url`).
template <typename Fn>
void for_each_parameter(std::string_view url, Fn fn) {
  size_t query = url.find('?');
  if (query == std::string_view::npos) return;
  size_t at = query + 1;
  while (at <= url.size()) {
    size_t end = std::min(url.find('&', at), url.size());
    std::string_view pair = url.substr(at, end - at);
    size_t equals = pair.find('=');
    if (equals != std::string_view::npos) fn(pair.substr(0, equals), at + equals + 1, end);
    at = end + 1;
  }
}

}  // namespace

Redaction::Redaction(std::vector<std::string> extra) : extra_(std::move(extra)) {}

bool Redaction::secret_header(std::string_view name) const {
  return secret_by_rule(name) ||
         (!extra_.empty() && std::any_of(extra_.begin(), extra_.end(),
                                         [&](const auto& e) { return iequals(name, e); }));
}

bool Redaction::secret_parameter(std::string_view name) const {
  // Names as sent: a percent-encoded name is not decoded (a client that
  // encodes "access_token" is rare, and is then stored as sent).
  return secret_header(name);
}

bool Redaction::url_has_secret(std::string_view url) const {
  bool found = false;
  for_each_parameter(url, [&](std::string_view name, size_t begin, size_t end) {
    found = found || (end > begin && secret_parameter(name));
  });
  return found;
}

std::string Redaction::redact_url(std::string_view url) const {
  std::string out;
  size_t copied = 0;
  for_each_parameter(url, [&](std::string_view name, size_t begin, size_t end) {
    if (end == begin || !secret_parameter(name)) return;
    out.append(url.substr(copied, begin - copied)).append(kRedacted);
    copied = end;
  });
  return out.append(url.substr(copied));
}

bool is_secret_header(std::string_view name) {
  return secret_by_rule(name);
}

}  // namespace drivemock
