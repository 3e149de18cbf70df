// How handlers turn an operation's refusal and a call's session into replies.
#include "admin/admin_context.h"

#include "model/error_envelope.h"

namespace drivemock::admin {

Reply refusal_reply(const control::Refusal& refusal) {
  return error_reply(refusal.status, refusal.message, refusal.code);
}

Result<session::Scope, Reply> scope_of(const RequestView& request, Context& context) {
  auto scope = context.control.scope(session::named_session(request));
  if (!scope) return refusal_reply(scope.error());
  return std::move(scope).value();
}

std::optional<Reply> refuse_unknown_session(const std::string* id, const Context& context) {
  auto refused = context.control.refuse_unknown(id);
  if (!refused) return std::nullopt;
  return refusal_reply(*refused);
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
  if (!session::named_session(request)) return std::nullopt;
  return error_reply(400,
                     request.method + " " + request.path +
                         " acts on the whole server and takes no session; " + instead,
                     "invalid_params");
}

}  // namespace drivemock::admin
