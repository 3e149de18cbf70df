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

namespace {

SessionRefusal closed_refusal(std::string message, std::shared_ptr<const SessionTag> tag) {
  return {410, "session_closed", std::move(message), std::move(tag)};
}

/// Outside every session, as the request path asked: served, or refused.
Belonging outside(OutsideSessions rule) {
  if (rule == OutsideSessions::served) return {};
  return {nullptr,
          SessionRefusal{403, "no_session",
                         "drivemock runs with --require-session and this call belongs to no "
                         "session: give the client its session's key (for the SDK: "
                         "filenTestConfig({ apiKey: session.apiKey })) or send the header "
                         "X-Drivemock-Session: <id> (session.headers); to let calls outside "
                         "sessions through, start drivemock without --require-session "
                         "(requireSession: false)",
                         nullptr}};
}

}  // namespace

Belonging session_of(const RequestView& request, const SessionRegistry& sessions,
                     OutsideSessions rule) {
  if (const std::string* id = request.header(kSessionHeader)) {
    auto found = sessions.by_id(*id);
    if (found) return {std::move(found).value(), std::nullopt};
    const SessionError& error = found.error();
    std::string why = std::string(kSessionHeader) + ": " + error.message;
    if (error.kind == SessionError::Kind::closed) {
      return {nullptr, closed_refusal(std::move(why), error.tag)};
    }
    return {nullptr, SessionRefusal{400, "unknown_session", std::move(why), nullptr}};
  }
  if (!sessions.any_known()) return outside(rule);
  const std::string* authorization = request.header("Authorization");
  if (!authorization) return outside(rule);
  auto token = bearer_token(*authorization);
  if (!token) return outside(rule);
  KeyHolder holder = sessions.by_key(*token);
  if (holder.open) return {std::move(holder.open), std::nullopt};
  if (!holder.closed) return outside(rule);
  return {nullptr,
          closed_refusal("This call carries the apiKey of a closed session. " +
                             closed_message(*holder.closed) +
                             ": a call that outlived its test (not awaited, or still retrying) "
                             "is refused, never answered by the baseline",
                         holder.closed->tag)};
}

RequestView without_session_credentials(const RequestView& request, const Session& session) {
  RequestView out = request;
  std::erase_if(out.headers, [&](const Header& h) {
    if (iequals(h.name, kSessionHeader)) return true;
    return iequals(h.name, "Authorization") && bearer_token(h.value) == session.api_key;
  });
  return out;
}

}  // namespace drivemock::session
