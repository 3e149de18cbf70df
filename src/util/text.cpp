#include "util/text.h"

#include <algorithm>
#include <charconv>

namespace drivemock {

bool iequals_same_size(std::string_view a, std::string_view b) {
  // Names looked up are nearly always sent in the case asked for: a byte
  // is lower-cased only when it differs as it is.
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i] && ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  }
  return true;
}

std::string_view trimmed(std::string_view s, std::string_view blanks) {
  auto first = s.find_first_not_of(blanks);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(blanks) - first + 1);
}

std::string ascii_lowercase(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), ascii_lower);
  return out;
}

std::optional<uint64_t> whole_number(std::string_view s) {
  uint64_t value = 0;
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, value);
  if (ec != std::errc() || p != end) return std::nullopt;
  return value;
}

namespace {

bool is_control_byte(unsigned char c) {
  return c < 0x20 || c == 0x7f;
}

/// A C1 control in UTF-8: 0xC2 then 0x80 to 0x9F.
bool is_c1_at(std::string_view s, size_t i) {
  return static_cast<unsigned char>(s[i]) == 0xc2 && i + 1 < s.size() &&
         static_cast<unsigned char>(s[i + 1]) >= 0x80 &&
         static_cast<unsigned char>(s[i + 1]) <= 0x9f;
}

}  // namespace

bool has_control(std::string_view s) {
  for (size_t i = 0; i < s.size(); ++i) {
    if (is_control_byte(static_cast<unsigned char>(s[i])) || is_c1_at(s, i)) return true;
  }
  return false;
}

std::string escape_controls(std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(s.size() + 16);
  for (size_t i = 0; i < s.size(); ++i) {
    auto c = static_cast<unsigned char>(s[i]);
    if (is_control_byte(c)) {
      out += {'\\', 'x', kHex[c >> 4], kHex[c & 15]};
    } else if (is_c1_at(s, i)) {
      auto next = static_cast<unsigned char>(s[++i]);
      out += {'\\', 'u', '0', '0', kHex[next >> 4], kHex[next & 15]};
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

std::string escape_lines(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (;;) {
    size_t end = s.find('\n');
    out += escape_controls(s.substr(0, end));
    if (end == std::string_view::npos) return out;
    out += '\n';
    s.remove_prefix(end + 1);
  }
}

std::string shortened(std::string_view text, size_t limit) {
  if (text.size() <= limit) return std::string(text);
  size_t end = limit;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return std::string(text.substr(0, end)) + "… (" + std::to_string(text.size()) + " bytes)";
}

}  // namespace drivemock
