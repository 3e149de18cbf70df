#pragma once
// The admin token, from where it is least exposed to other local users:
// a file only its owner reads (a looser one is refused, as a loose CA key
// is), the environment, or --admin-token (visible in ps).

#include <optional>
#include <string>

#include "util/result.h"

namespace drivemock::cli {

/// The admin token from --admin-token (`given`), else --admin-token-file
/// (`file`), else the environment's DRIVEMOCK_ADMIN_TOKEN; none when none
/// is set; an error for a file that cannot be read, holds none, or that
/// others can read.
Result<std::optional<std::string>> admin_token(const std::string& given, const std::string& file);

}  // namespace drivemock::cli
