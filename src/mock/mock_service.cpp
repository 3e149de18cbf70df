#include "mock/mock_service.h"

#include "util/json.h"

namespace drivemock::mock {
namespace {

Reply json_reply(int status, std::string body) {
  return Reply{
      status, std::move(body), {{"Content-Type", "application/json"}}, 0, scenario::Fault::none};
}

Reply error_reply(int status, const std::string& message, const char* code) {
  return json_reply(status, json::error_envelope(message, code));
}

Reply from_answer(const scenario::Answer& answer) {
  Reply reply{answer.http, answer.body, answer.headers, answer.delay_ms, answer.fault};
  bool has_type = false;
  for (const auto& h : answer.headers) has_type = has_type || iequals(h.name, "Content-Type");
  if (!has_type) reply.headers.push_back({"Content-Type", "application/json"});
  return reply;
}

}  // namespace

MockService::MockService(scenario::Engine& engine, contract::Strictness strictness)
    : engine_(engine), strictness_(strictness) {}

Reply MockService::handle(const RequestView& request, journal::Entry& entry) {
  const contract::Operation* op = contract::find_by_path(request.path);
  if (!op) {
    return error_reply(404, "No such endpoint: " + request.method + " " + request.path,
                       "not_found");
  }
  entry.operation = op->name;
  if (request.method != contract::kMethod) {
    auto violation = contract::method_violation(*op, request);
    entry.violations.push_back(violation);
    Reply reply = error_reply(405, violation.message, "method_not_allowed");
    reply.headers.push_back({"Allow", std::string(contract::kMethod)});
    return reply;
  }
  auto checked = contract::check_request(*op, request, strictness_);
  entry.violations = checked.violations;
  if (checked.rejection) return error_reply(400, *checked.rejection, "invalid_params");

  entry.uuid = checked.uuid;
  scenario::Decision decision = engine_.decide(*op, checked.uuid, checked.body);
  entry.matched = decision.matched;
  entry.named = decision.named;
  return from_answer(*decision.answer);
}

}  // namespace drivemock::mock
