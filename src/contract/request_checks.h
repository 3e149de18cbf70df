#pragma once
// Checks one request to a mock path against the contract: headers, JSON
// syntax, body shape and fields. A pure function: the same request always
// gives the same violations, which are journaled whatever is answered.

#include <rapidjson/document.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "contract/field_checks.h"
#include "contract/operations.h"
#include "model/error_envelope.h"
#include "model/request.h"
#include "util/json.h"

namespace drivemock::contract {

/// lenient: serve what can be served and only record violations;
/// strict: answer any violation with 400 invalid_params.
enum class Strictness { lenient, strict };

/// The outcome of checking one request.
struct CheckedRequest {
  std::vector<Violation> violations;
  /// Set when the request must be answered 400 invalid_params: the message.
  std::optional<std::string> rejection;
  /// Where `body`'s values live (before it: it outlives them).
  std::unique_ptr<json::SmallPool> pool;
  rapidjson::Document body;  ///< the parsed body; an object whenever not rejected
  std::string uuid;          ///< the key field's value (the uuid) whenever not rejected
};

/// Checks a request whose path and method name `op`.
CheckedRequest check_request(const Operation& op, const RequestView& request,
                             Strictness strictness);

/// A `dialect` violation for a request of the service's official SDK
/// (User-Agent `filen-sdk…`) to a server speaking the document dialect,
/// whose errors that client reads as successes; none otherwise.
std::optional<Violation> dialect_violation(const RequestView& request, const Envelope& envelope);

/// Whether a Content-Type value (or one media range of an Accept) names
/// JSON: application/json or application/*+json, in any case, its
/// parameters and surrounding blanks aside. The scenario readers (OpenAPI,
/// Pact) take the same media types as JSON as the checks do.
bool is_json_media_type(std::string_view value);

/// The violation for a request with another method than the operation takes.
Violation method_violation(const Operation& op, const RequestView& request);

}  // namespace drivemock::contract
