#include "session/request_session.h"

#include "util/text.h"

namespace drivemock::session {

std::optional<std::string_view> bearer_token(std::string_view authorization) {
  constexpr std::string_view kScheme = "bearer ";
  if (authorization.size() <= kScheme.size() ||
      !iequals(authorization.substr(0, kScheme.size()), kScheme)) {
    return std::nullopt;
  }
  std::string_view token = authorization.substr(kScheme.size());
  while (!token.empty() && token.front() == ' ') token.remove_prefix(1);
  while (!token.empty() && token.back() == ' ') token.remove_suffix(1);
  if (token.empty()) return std::nullopt;
  return token;
}

Belonging session_of(const RequestView& request, const SessionRegistry& sessions) {
  if (const std::string* id = request.header(kSessionHeader)) {
    auto found = sessions.by_id(*id);
    if (!found) return {nullptr, std::string(kSessionHeader) + ": " + found.error().message};
    return {std::move(found).value(), std::nullopt};
  }
  if (!sessions.any_open()) return {};
  const std::string* authorization = request.header("Authorization");
  if (!authorization) return {};
  auto token = bearer_token(*authorization);
  if (!token) return {};
  return {sessions.by_key(*token), std::nullopt};
}

}  // namespace drivemock::session
