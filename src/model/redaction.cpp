#include "model/redaction.h"

#include <string>

#include "util/text.h"

namespace drivemock {

bool is_secret_header(std::string_view name) {
  std::string lower = ascii_lowercase(name);
  return lower == "authorization" || lower == "cookie" ||
         lower.find("api-key") != std::string::npos;
}

}  // namespace drivemock
