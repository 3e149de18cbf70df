#pragma once
// The admin token check (--admin-token), in constant time so that response
// times do not reveal how much of a guessed token was right.

#include <string>

namespace drivemock::admin {

/// True when `authorization` is "Bearer <token>"; null (no header) is false.
bool bearer_matches(const std::string* authorization, const std::string& token);

}  // namespace drivemock::admin
