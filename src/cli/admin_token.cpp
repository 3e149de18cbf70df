#include "cli/admin_token.h"

#include <cctype>
#include <cstdlib>

#include "util/private_file.h"

namespace drivemock::cli {

Result<std::optional<std::string>> admin_token(const std::string& given, const std::string& file) {
  if (!given.empty()) return std::optional<std::string>(given);
  if (!file.empty()) {
    // A token others can read is a token others can use: refused as a
    // loose CA key is.
    auto text = read_private_file(file, Owner::anyone);
    if (!text) return Error{"--admin-token-file: " + text.error().message};
    std::string token = text->substr(0, text->find('\n'));
    while (!token.empty() && std::isspace(static_cast<unsigned char>(token.back())))
      token.pop_back();
    if (token.empty()) return Error{"--admin-token-file " + file + " is empty"};
    return std::optional<std::string>(token);
  }
  const char* env = std::getenv("DRIVEMOCK_ADMIN_TOKEN");
  if (env && *env) return std::optional<std::string>(env);
  return std::optional<std::string>();
}

}  // namespace drivemock::cli
