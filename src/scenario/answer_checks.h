#pragma once
// What makes an answer sendable, shared by the scenario grammar
// (parse_answers.cpp) and the readers of contracts that become answers
// (pact_set.h): which headers a script may set, how a raw
// body is typed, and what the dialect's envelope says of a body.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "contract/operations.h"
#include "model/reply.h"
#include "scenario/answer_pool.h"
#include "scenario/loader.h"

namespace drivemock::scenario {

/// Why `name` cannot be an answer's header (not an HTTP token, or a header
/// that frames the message), or nothing.
std::optional<std::string> header_name_problem(const std::string& name);

/// Why `value` cannot be a header's value (a line break, a NUL byte), or nothing.
std::optional<std::string> header_value_problem(const std::string& name, const std::string& value);

/// A raw answer that gives no Content-Type is sent as what it is: JSON text
/// as application/json (the default), any other text as text/plain.
void type_raw_text(Reply& answer);

/// Warnings for a JSON answer body that does not fit the dialect's envelope
/// (computed once per pooled body).
std::vector<std::string> answer_body_warnings(AnswerPool& bodies, Dialect dialect,
                                              const contract::Operation& op,
                                              const std::shared_ptr<const std::string>& json);

}  // namespace drivemock::scenario
