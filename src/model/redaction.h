#pragma once
// Secrets never reach what drivemock keeps or writes (the journal, its file,
// the live stream, log lines, recordings): the values of headers and query
// parameters that carry credentials are written as "***". Built in:
// Authorization, Proxy-Authorization, Cookie, Set-Cookie, X-Drivemock-Session
// (a key sent there by mistake must not be kept), and any name that
// contains "token", "secret", "password", "api-key", "apikey" or "api_key"
// (X-Auth-Token, X-Amz-Security-Token, access_token=, client_secret=);
// --redact-header adds names of one's own.

#include <string>
#include <string_view>
#include <vector>

namespace drivemock {

/// The value written in place of a secret.
inline constexpr std::string_view kRedacted = "***";

class Redaction {
 public:
  /// The built-in names only.
  Redaction() = default;
  /// The built-in names and `extra` (header or parameter names, any case).
  explicit Redaction(std::vector<std::string> extra);

  /// True for headers whose value must not be stored.
  bool secret_header(std::string_view name) const;
  /// What is stored of the header `name: value`: "***" for a secret one,
  /// else `value` (the journal's request and answer headers, a recording's).
  std::string_view header_value(std::string_view name, std::string_view value) const {
    return secret_header(name) ? kRedacted : value;
  }
  /// True for query parameters whose value must not be stored.
  bool secret_parameter(std::string_view name) const;
  /// `url` with the values of secret query parameters written as "***".
  std::string redact_url(std::string_view url) const;
  /// True when redact_url would change `url`: most urls have no query.
  bool url_has_secret(std::string_view url) const;

 private:
  std::vector<std::string> extra_;
};

/// True for headers whose value must not be stored, by the built-in names.
bool is_secret_header(std::string_view name);

}  // namespace drivemock
