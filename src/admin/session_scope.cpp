#include "admin/session_scope.h"

#include "model/error_envelope.h"
#include "util/text.h"

namespace drivemock::admin {

std::string Scope::where() const {
  return session ? " in session '" + session->tag->name + "'" : "";
}

Reply session_error_reply(const session::SessionError& error) {
  using Kind = session::SessionError::Kind;
  switch (error.kind) {
    case Kind::unknown: return error_reply(404, error.message, "unknown_session");
    case Kind::closed: return error_reply(410, error.message, "session_closed");
    case Kind::full: return error_reply(429, error.message, "too_many_sessions");
    case Kind::no_memory: return error_reply(507, error.message, "session_memory_full");
    case Kind::invalid: break;
  }
  return error_reply(400, error.message, "invalid_params");
}

Reply unknown_directory(const std::string& uuid) {
  return error_reply(404,
                     "No directory '" + shortened(uuid, 200) +
                         "': no scenario names it and unknown uuids are rejected",
                     "not_found");
}

Result<Scope, Reply> scope_of(const RequestView& request, Context& context) {
  const std::string* id = request.query_param("session");
  if (!id) return Scope{nullptr, &context.engine, &context.scenarios};
  auto found = context.sessions.by_id(*id);
  if (!found) return session_error_reply(found.error());
  session::SessionPtr session = std::move(found).value();
  return Scope{session, &session->engine, &session->store};
}

std::optional<Reply> refuse_unknown_session(const std::string* id, const Context& context) {
  if (!id) return std::nullopt;
  auto found = context.sessions.by_id(*id);
  if (found || found.error().kind != session::SessionError::Kind::unknown) return std::nullopt;
  return session_error_reply(found.error());
}

std::optional<Reply> refuse_unknown_session(const rapidjson::Value& filter,
                                            const Context& context) {
  if (!filter.IsObject()) return std::nullopt;
  auto session = filter.FindMember("session");
  if (session == filter.MemberEnd() || !session->value.IsString()) return std::nullopt;
  std::string id(session->value.GetString(), session->value.GetStringLength());
  return refuse_unknown_session(&id, context);
}

std::optional<Reply> refuse_session_param(const RequestView& request, const std::string& instead) {
  if (!request.query_param("session")) return std::nullopt;
  return error_reply(400,
                     request.method + " " + request.path +
                         " acts on the whole server and takes no session; " + instead,
                     "invalid_params");
}

void note(Context& context, journal::AdminEvent event) {
  event.at = std::chrono::system_clock::now();
  std::string line = event.message;
  context.events.record(std::move(event), context.journal.last_id());
  context.log_change(line);
}

}  // namespace drivemock::admin
