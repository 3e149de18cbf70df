#include "mock/mock_service.h"

#include "util/json.h"

namespace drivemock::mock {

Reply json_reply(int status, std::string body) {
  return Reply{status,
               std::make_shared<const std::string>(std::move(body)),
               {{"Content-Type", "application/json"}},
               0,
               scenario::Fault::none};
}

namespace {

Reply error_reply(int status, const std::string& message, const char* code) {
  return json_reply(status, json::error_envelope(message, code));
}

Reply from_answer(const scenario::Decision& decision) {
  const scenario::Answer& answer = *decision.answer;
  // Aliasing: the body stays owned by the catalog the decision holds.
  std::shared_ptr<const std::string> body(decision.catalog, &answer.body);
  // No Content-Type among the headers means application/json (fill_response).
  return Reply{answer.http, std::move(body), answer.headers, answer.delay_ms, answer.fault};
}

}  // namespace

MockService::MockService(scenario::Engine& engine, contract::Strictness strictness)
    : engine_(engine), strictness_(strictness) {}

Inspection MockService::inspect(const RequestView& request, journal::Classification& entry) const {
  Inspection out;
  out.operation = contract::find_by_path(request.path);
  if (!out.operation) {
    out.early =
        error_reply(404, "No such endpoint: " + request.method + " " + request.path, "not_found");
    return out;
  }
  entry.operation = out.operation->name;
  if (request.method != contract::kMethod) {
    auto violation = contract::method_violation(*out.operation, request);
    entry.violations.push_back(violation);
    out.early = error_reply(405, violation.message, "method_not_allowed");
    out.early->headers.push_back({"Allow", std::string(contract::kMethod)});
    return out;
  }
  out.checked = contract::check_request(*out.operation, request, strictness_);
  entry.violations = out.checked.violations;
  if (out.checked.rejection) {
    out.early = error_reply(400, *out.checked.rejection, "invalid_params");
  } else {
    entry.uuid = out.checked.uuid;
  }
  return out;
}

Reply MockService::handle(const RequestView& request, journal::Classification& entry) {
  Inspection inspection = inspect(request, entry);
  if (inspection.early) return *inspection.early;
  const auto& checked = inspection.checked;
  scenario::Decision decision = engine_.decide(*inspection.operation, checked.uuid, checked.body);
  entry.matched = decision.matched;
  entry.named = decision.named;
  return from_answer(decision);
}

}  // namespace drivemock::mock
