#include "model/recorded_request.h"

#include <array>

#include "model/header_lines.h"

namespace drivemock {

// The header section is a run of records, each starting with a 4-byte word:
//   - below kInline: the id of an interned line (model/header_lines.h);
//   - kInline | name length: the name's bytes follow, then a 4-byte word
//     (kPacked | stored length, or the length alone) and the value's bytes.
// A packed value is lowercase hex kept as bytes, two digits to a byte.
namespace {

constexpr uint32_t kInline = uint32_t{1} << 31;
constexpr uint32_t kPacked = uint32_t{1} << 31;
constexpr size_t kWord = sizeof(uint32_t);
/// Shorter hex is not worth a second look; a SHA-256 hex digest is 64.
constexpr size_t kLeastPacked = 32;
/// Headers after this many are kept inline, never interned (their ids are
/// looked up once, for sizing and writing both).
constexpr size_t kMostInterned = 64;

bool packable(std::string_view value) {
  if (value.size() < kLeastPacked || value.size() % 2 != 0) return false;
  for (char c : value) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

int digit(char c) {
  return c <= '9' ? c - '0' : c - 'a' + 10;
}

uint32_t read_word(std::string_view& rest) {
  uint32_t word = 0;
  std::memcpy(&word, rest.data(), kWord);
  rest.remove_prefix(kWord);
  return word;
}

}  // namespace

const Redaction& default_redaction() {
  static const Redaction built_in;
  return built_in;
}

RecordedRequest::RecordedRequest(const RequestView& view, std::optional<std::string_view> uuid,
                                 const Redaction& redaction) {
  std::optional<std::string> redacted_url;
  if (redaction.url_has_secret(view.url)) redacted_url = redaction.redact_url(view.url);
  std::string_view url = redacted_url ? std::string_view(*redacted_url) : view.url;
  size_t uuid_in_body = std::string_view::npos;
  if (uuid && !uuid->empty()) uuid_in_body = std::string_view(view.body).find(*uuid);
  bool uuid_after = uuid && uuid_in_body == std::string_view::npos;

  // Sized exactly first (ids looked up once), then written in place: one
  // allocation, and a copy per part with no append's bookkeeping.
  std::array<std::optional<uint32_t>, kMostInterned> ids;
  size_t size = view.method.size() + url.size() + view.body.size() + view.client_ip.size() +
                (uuid_after ? uuid->size() : 0);
  for (size_t i = 0; i < view.headers.size(); ++i) {
    const Header& h = view.headers[i];
    std::string_view value = redaction.header_value(h.name, h.value);
    if (i < kMostInterned) ids[i] = header_lines::intern(h.name, value, i);
    if (i < kMostInterned && ids[i]) {
      size += kWord;
    } else {
      size += 2 * kWord + h.name.size() + (packable(value) ? value.size() / 2 : value.size());
    }
  }
  size_ = static_cast<uint32_t>(size);
  data_ = std::make_unique_for_overwrite<char[]>(size);
  char* out = data_.get();
  auto here = [&] { return static_cast<uint32_t>(out - data_.get()); };
  auto put = [&](std::string_view bytes) {
    if (!bytes.empty()) std::memcpy(out, bytes.data(), bytes.size());  // an empty one may be null
    out += bytes.size();
    return here();
  };
  auto put_word = [&](uint32_t word) {
    std::memcpy(out, &word, kWord);
    out += kWord;
  };
  url_ = put(view.method);
  headers_ = put(url);
  for (size_t i = 0; i < view.headers.size(); ++i) {
    const Header& h = view.headers[i];
    if (i < kMostInterned && ids[i]) {
      put_word(*ids[i]);
      continue;
    }
    std::string_view value = redaction.header_value(h.name, h.value);
    put_word(kInline | static_cast<uint32_t>(h.name.size()));
    put(h.name);
    if (!packable(value)) {
      put_word(static_cast<uint32_t>(value.size()));
      put(value);
      continue;
    }
    put_word(kPacked | static_cast<uint32_t>(value.size() / 2));
    for (size_t d = 0; d < value.size(); d += 2) {
      *out++ = static_cast<char>(digit(value[d]) << 4 | digit(value[d + 1]));
    }
  }
  body_ = here();
  ip_ = put(view.body);
  rest_ = put(view.client_ip);
  if (uuid_after) {
    uuid_from_ = rest_;
    uuid_to_ = put(*uuid);
  } else if (uuid) {
    uuid_from_ = body_ + static_cast<uint32_t>(uuid->empty() ? 0 : uuid_in_body);
    uuid_to_ = uuid_from_ + static_cast<uint32_t>(uuid->size());
  }
}

RecordedRequest::RecordedRequest(const RecordedRequest& other) {
  *this = other;
}

RecordedRequest& RecordedRequest::operator=(const RecordedRequest& other) {
  if (this == &other) return *this;
  data_ = std::make_unique_for_overwrite<char[]>(other.size_);
  if (other.size_ > 0) std::memcpy(data_.get(), other.data_.get(), other.size_);
  size_ = other.size_;
  url_ = other.url_;
  headers_ = other.headers_;
  body_ = other.body_;
  ip_ = other.ip_;
  rest_ = other.rest_;
  uuid_from_ = other.uuid_from_;
  uuid_to_ = other.uuid_to_;
  return *this;
}

std::pair<std::string_view, std::string_view> RecordedRequest::next_header(std::string_view& rest,
                                                                           std::string& unpacked) {
  uint32_t word = read_word(rest);
  if ((word & kInline) == 0) {
    header_lines::Line line = header_lines::line(word);
    return {line.name, line.value};
  }
  std::string_view name = rest.substr(0, word & ~kInline);
  rest.remove_prefix(name.size());
  uint32_t length = read_word(rest);
  std::string_view value = rest.substr(0, length & ~kPacked);
  rest.remove_prefix(value.size());
  if ((length & kPacked) == 0) return {name, value};
  static constexpr char kDigits[] = "0123456789abcdef";
  unpacked.clear();
  for (char byte : value) {
    auto b = static_cast<unsigned char>(byte);
    unpacked += kDigits[b >> 4];
    unpacked += kDigits[b & 0xf];
  }
  return {name, unpacked};
}

}  // namespace drivemock
