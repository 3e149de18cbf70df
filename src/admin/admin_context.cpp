// How handlers turn an operation's refusal and a call's session into replies.
#include "admin/admin_context.h"

#include "model/error_envelope.h"

namespace drivemock::admin {

Reply invalid_params(std::string_view message) {
  return error_reply(400, message, "invalid_params");
}

Reply refusal_reply(const control::Refusal& refusal) {
  return error_reply(refusal.status, refusal.message, refusal.code);
}

Result<session::Scope, Reply> scope_of(const Context& context) {
  if (!context.session->scope) {
    return refusal_reply(control::refused(context.session->scope.error()));
  }
  return context.session->scope.value();
}

const std::string* named_session(const Context& context) {
  return context.session->named;
}

std::optional<Reply> refuse_unknown_session(const Context& context) {
  if (!context.session->names_unknown()) return std::nullopt;
  return refusal_reply(control::refused(context.session->scope.error()));
}

std::optional<Reply> refuse_unknown_session(const rapidjson::Value& filter,
                                            const Context& context) {
  if (!filter.IsObject()) return std::nullopt;
  auto session = filter.FindMember("session");
  if (session == filter.MemberEnd() || !session->value.IsString()) return std::nullopt;
  std::string id(session->value.GetString(), session->value.GetStringLength());
  auto refused = context.control.refuse_unknown(&id);
  if (!refused) return std::nullopt;
  return refusal_reply(*refused);
}

std::optional<Reply> refuse_session_param(const RequestView& request, const Context& context,
                                          const std::string& instead) {
  if (!named_session(context)) return std::nullopt;
  return invalid_params(request.method + " " + request.path +
                        " acts on the whole server and takes no session; " + instead);
}

}  // namespace drivemock::admin
