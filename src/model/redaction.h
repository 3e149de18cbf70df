#pragma once
// Secrets never reach the journal, its file or recordings: the values of
// Authorization, Cookie and any header whose name contains "api-key".

#include <string_view>
#include <vector>

namespace drivemock {

/// The value written in place of a secret.
inline constexpr std::string_view kRedacted = "***";

/// True for headers whose value must not be stored.
bool is_secret_header(std::string_view name);

}  // namespace drivemock
