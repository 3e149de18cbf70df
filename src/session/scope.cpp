#include "session/scope.h"

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

SessionRefusal refusal_of(const SessionError& error) {
  using Kind = SessionError::Kind;
  switch (error.kind) {
    case Kind::unknown: return {404, "unknown_session", error.message, nullptr};
    case Kind::closed: return {410, "session_closed", error.message, error.tag};
    case Kind::full: return {429, "too_many_sessions", error.message, nullptr};
    case Kind::no_memory: return {507, "session_memory_full", error.message, nullptr};
    case Kind::invalid: break;
  }
  return {400, "invalid_params", error.message, nullptr};
}

std::string Scope::where() const {
  return session ? " in session '" + session->tag->name + "'" : "";
}

namespace {

Scope scope_in(SessionPtr session) {
  auto* raw = session.get();
  return {std::move(session), &raw->engine, &raw->store};
}

/// Outside every session, as the rules say: the baseline, or refused.
Result<Scope, SessionRefusal> outside(const ScopeRules& rules) {
  if (rules.outside == OutsideSessions::served) return rules.baseline;
  return SessionRefusal{403, "no_session",
                        "drivemock runs with --require-session and this call belongs to no "
                        "session: give the client its session's key (for the SDK: "
                        "filenTestConfig({ apiKey: session.apiKey })) or send the header "
                        "X-Drivemock-Session: <id> (session.headers); to let calls outside "
                        "sessions through, start drivemock without --require-session "
                        "(requireSession: false)",
                        nullptr};
}

/// The open session of `id`, or its refusal; `named_by` says where the id
/// came from, in front of the message.
Result<Scope, SessionRefusal> open_session(const std::string& id, std::string_view named_by,
                                           const SessionRegistry& sessions) {
  auto found = sessions.by_id(id);
  if (found) return scope_in(std::move(found).value());
  SessionRefusal refusal = refusal_of(found.error());
  if (!named_by.empty()) refusal.message = std::string(named_by) + ": " + refusal.message;
  return refusal;
}

Result<Scope, SessionRefusal> mock_scope(const RequestView& request, const ScopeRules& rules) {
  if (const std::string* id = request.header(kSessionHeader)) {
    return open_session(*id, kSessionHeader, rules.sessions);
  }
  if (!rules.sessions.any_known()) return outside(rules);
  const std::string* authorization = request.header("Authorization");
  if (!authorization) return outside(rules);
  auto token = bearer_token(*authorization);
  if (!token) return outside(rules);
  KeyHolder holder = rules.sessions.by_key(*token);
  if (holder.open) return scope_in(std::move(holder.open));
  if (!holder.closed) return outside(rules);
  return SessionRefusal{410, "session_closed",
                        "This call carries the apiKey of a closed session. " +
                            closed_message(*holder.closed) +
                            ": a call that outlived its test (not awaited, or still retrying) "
                            "is refused, never answered by the baseline",
                        holder.closed->tag};
}

}  // namespace

RequestScope scope_of(const RequestView& request, Api api, const ScopeRules& rules) {
  if (api == Api::mock) return {request.header(kSessionHeader), mock_scope(request, rules)};
  const std::string* id = request.query_param(kSessionParam);
  return {id, scope_named(id, rules)};
}

Result<Scope, SessionRefusal> scope_named(const std::string* id, const ScopeRules& rules) {
  if (!id) return rules.baseline;
  return open_session(*id, "", rules.sessions);
}

Result<std::shared_ptr<const SessionTag>, SessionRefusal> known_tag(
    std::string_view id, const SessionRegistry& sessions) {
  auto found = sessions.by_id(id);
  if (found) return std::shared_ptr<const SessionTag>((*found)->tag);
  if (found.error().kind == SessionError::Kind::closed) return found.error().tag;
  return refusal_of(found.error());
}

bool carries_session_header(const RequestView& request) {
  return request.header(kSessionHeader) != nullptr;
}

std::optional<SessionRefusal> refuse_unknown(const std::string* id,
                                             const SessionRegistry& sessions) {
  if (!id) return std::nullopt;
  auto found = sessions.by_id(*id);
  if (found || found.error().kind != SessionError::Kind::unknown) return std::nullopt;
  return refusal_of(found.error());
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
