#include "scenario/uuid_form.h"

#include <algorithm>
#include <cctype>

#include "util/text.h"

namespace drivemock::scenario {
namespace {

/// 8-4-4-4-12 hexadecimal digits, in either case.
bool is_uuid_text(std::string_view s) {
  if (s.size() != 36) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    bool dash = i == 8 || i == 13 || i == 18 || i == 23;
    if (dash ? s[i] != '-' : !std::isxdigit(static_cast<unsigned char>(s[i]))) return false;
  }
  return true;
}

bool has_capitals(std::string_view s) {
  return std::any_of(s.begin(), s.end(), [](unsigned char c) { return std::isupper(c); });
}

}  // namespace

std::optional<std::string> uuid_form_problem(std::string_view name, Dialect dialect) {
  bool braced = name.size() == 38 && name.front() == '{' && name.back() == '}';
  std::string_view bare = braced ? name.substr(1, 36) : name;
  if (!is_uuid_text(bare)) return std::nullopt;
  bool lowercase_client = dialect == Dialect::service;
  if (!braced && !(lowercase_client && has_capitals(bare))) return std::nullopt;
  std::string sent = lowercase_client ? ascii_lowercase(bare) : std::string(bare);
  std::string why = braced ? "is written in braces, which no client sends"
                           : "has capitals, and the official client sends uuids in lowercase";
  return "uuid '" + std::string(name) + "' " + why +
         ", so no call would ever match it; expected '" + sent + "'";
}

}  // namespace drivemock::scenario
