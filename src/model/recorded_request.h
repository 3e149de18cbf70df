#pragma once
// The request as a journal entry keeps it: method, url, headers (secrets
// redacted), body, client address and uuid packed into one buffer. Entries
// are kept by the hundred thousand, so the buffer holds as little as reads
// back the same: a header line other requests send too is a 4-byte id of the
// process's interned lines (model/header_lines.h); a long lowercase-hex value
// (the SDK's SHA-512 Checksum) is kept as its bytes, half its length; the
// uuid, when the body holds it verbatim, is a slice of the body.

#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "model/redaction.h"
#include "model/request.h"

namespace drivemock {

/// The built-in redaction (model/redaction.h), for callers that have no other.
const Redaction& default_redaction();

class RecordedRequest {
 public:
  RecordedRequest() = default;
  RecordedRequest(const RecordedRequest& other);
  RecordedRequest(RecordedRequest&&) noexcept = default;
  RecordedRequest& operator=(const RecordedRequest& other);
  RecordedRequest& operator=(RecordedRequest&&) noexcept = default;
  /// Packs `view` and the uuid drivemock read from its body, writing "***"
  /// for the values of secret headers and query parameters.
  explicit RecordedRequest(const RequestView& view,
                           std::optional<std::string_view> uuid = std::nullopt,
                           const Redaction& redaction = default_redaction());

  std::string_view method() const { return slice(0, url_); }
  std::string_view url() const { return slice(url_, headers_); }
  /// The url without its query.
  std::string_view path() const { return url().substr(0, url().find('?')); }
  std::string_view body() const { return slice(body_, ip_); }
  std::string_view client_ip() const { return slice(ip_, rest_); }
  std::optional<std::string_view> uuid() const {
    if (uuid_from_ == kNoUuid) return std::nullopt;
    return slice(uuid_from_, uuid_to_);
  }
  /// The bytes it holds, all parts together (interned lines not counted).
  size_t bytes() const { return size_; }

  /// Calls `fn(name, value)` for each header, in the order received.
  template <typename Fn>
  void for_each_header(Fn fn) const {
    std::string_view rest = slice(headers_, body_);
    std::string unpacked;  // a packed value's text, while fn reads it
    while (!rest.empty()) {
      auto [name, value] = next_header(rest, unpacked);
      fn(name, value);
    }
  }

 private:
  /// Reads the header at the front of `rest` and moves past it; a packed
  /// value is unpacked into `unpacked`, which the value then views.
  static std::pair<std::string_view, std::string_view> next_header(std::string_view& rest,
                                                                   std::string& unpacked);

  std::string_view slice(uint32_t from, uint32_t to) const {
    return std::string_view(data_.get() + from, to - from);
  }

  // Not a std::string: its 32 bytes hold a capacity and a small buffer that
  // a buffer written once, at its final size, has no use for.
  std::unique_ptr<char[]> data_;
  uint32_t size_ = 0;
  uint32_t url_ = 0;
  uint32_t headers_ = 0;
  uint32_t body_ = 0;
  uint32_t ip_ = 0;
  uint32_t rest_ = 0;  ///< the end of the client address: a uuid not in the body follows
  static constexpr uint32_t kNoUuid = UINT32_MAX;  ///< no offset is: a buffer is shorter
  uint32_t uuid_from_ = kNoUuid;
  uint32_t uuid_to_ = 0;
};

}  // namespace drivemock
