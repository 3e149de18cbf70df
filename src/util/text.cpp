#include "util/text.h"

#include <algorithm>
#include <charconv>

namespace drivemock {

bool iequals(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](char x, char y) { return ascii_lower(x) == ascii_lower(y); });
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

}  // namespace drivemock
