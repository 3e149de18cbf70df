#include "journal/redaction.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace drivemock::journal {

bool is_secret_header(std::string_view name) {
  std::string lower = ascii_lowercase(name);
  return lower == "authorization" || lower == "cookie" ||
         lower.find("api-key") != std::string::npos;
}

}  // namespace drivemock::journal
