#include "journal/redaction.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace drivemock::journal {

bool is_secret_header(std::string_view name) {
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower == "authorization" || lower == "cookie" ||
         lower.find("api-key") != std::string::npos;
}

}  // namespace drivemock::journal
