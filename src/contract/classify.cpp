#include "contract/classify.h"

namespace drivemock::contract {

Classified classify(const RequestView& request, const OperationSet& operations,
                    Strictness strictness, const Envelope& envelope) {
  Classified out;
  out.operation = operations.by_path(request.path);
  if (!out.operation) {
    out.early = error_reply(
        envelope, 404, "No such endpoint: " + request.method + " " + request.path, "not_found");
    return out;
  }
  out.seen.operation = out.operation->name;
  if (request.method != kMethod) {
    Violation violation = method_violation(*out.operation, request);
    out.early = error_reply(envelope, 405, violation.message, "method_not_allowed");
    out.early->add_header("Allow", std::string(kMethod));
    out.seen.violations.push_back(std::move(violation));
    return out;
  }
  out.checked = check_request(*out.operation, request, strictness);
  out.seen.violations = out.checked.violations;
  if (out.checked.rejection)
    out.early = error_reply(envelope, 400, *out.checked.rejection, "invalid_params");
  return out;
}

}  // namespace drivemock::contract
