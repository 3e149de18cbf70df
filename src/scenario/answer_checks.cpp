#include "scenario/answer_checks.h"

#include <algorithm>

#include "contract/field_checks.h"
#include "util/json.h"
#include "util/text.h"

namespace drivemock::scenario {
namespace {

/// A token as RFC 9110 defines header names.
bool is_header_name(const std::string& name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](unsigned char c) {
    return std::isalnum(c) || std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string::npos;
  });
}

/// The headers that frame a message (RFC 9112 §6), which drivemock sets.
bool is_framing_header(const std::string& name) {
  return iequals(name, "Content-Length") || iequals(name, "Transfer-Encoding") ||
         iequals(name, "Connection");
}

/// A document-dialect status that is a string but neither value the API
/// document gives it. Every reader of the answer takes it for a success (it
/// is not "error"), so `status: eror` moves state as a success would; the
/// service dialect's boolean is checked by its type alone.
std::optional<Violation> status_value_problem(const rapidjson::Value& body, Dialect dialect) {
  auto status = body.FindMember("status");
  if (dialect != Dialect::document || status == body.MemberEnd() || !status->value.IsString()) {
    return std::nullopt;
  }
  std::string_view value(status->value.GetString(), status->value.GetStringLength());
  // A template's placeholder is filled in per call; its value is not known here.
  if (value == "success" || value == "error" || value.find("{{") != value.npos) return std::nullopt;
  return Violation{"field_value",
                   "Field 'status' of the answer body is '" + shortened(value, 64) +
                       "'; expected success or error (any other status reads as a success, "
                       "so this answer moves state as one)",
                   "status"};
}

}  // namespace

std::optional<std::string> header_name_problem(const std::string& name) {
  if (!is_header_name(name)) return "header name '" + name + "' is not a valid HTTP token";
  if (is_framing_header(name)) {
    // drivemock frames every answer itself: a second Content-Length, or
    // both framings, makes clients read the answer differently (Node
    // refuses it; a proxy in between may split it into two answers).
    return "header '" + name +
           "' is set by drivemock from the answer itself; expected another header (the body's "
           "length and the connection are not scriptable: use raw, dribble or fault)";
  }
  return std::nullopt;
}

std::optional<std::string> header_value_problem(const std::string& name, const std::string& value) {
  if (value.find('\0') != std::string::npos)
    return "header '" + name + "' has a NUL byte in its value";
  if (value.find_first_of("\r\n") == std::string::npos) return std::nullopt;
  return "header '" + name + "' has a line break in its value";
}

// So that a client, a proxy or a validator reading the answer by its type
// reads it as text ("Service Unavailable" is no JSON). A template's text is
// JSON only once filled in: it keeps the default.
void type_raw_text(Reply& answer) {
  if (answer.templated != Templated::no || !answer.body) return;
  if (find_header(answer.header_list(), "Content-Type")) return;
  if (!json::parse_untrusted(*answer.body)) {
    answer.add_header("Content-Type", "text/plain; charset=utf-8");
  }
}

std::vector<std::string> answer_body_warnings(AnswerPool& bodies, Dialect dialect,
                                              const contract::Operation& op,
                                              const std::shared_ptr<const std::string>& json) {
  const auto& violations = bodies.violations(json, [&](const std::string& text) {
    auto doc = json::parse_untrusted(text);  // made from a document no deeper than the bound
    if (!doc) return std::vector<Violation>{};
    auto found = contract::check_fields(contract::answer_fields(Envelope(dialect)), *doc,
                                        "answer body", contract::UnknownFields::allow);
    if (auto v = status_value_problem(*doc, dialect)) found.push_back(std::move(*v));
    return found;
  });
  std::vector<std::string> out;
  for (const auto& v : violations) {
    if (v.rule == "field_value") {
      out.push_back(v.message);
      continue;
    }
    out.push_back(v.message + (dialect == Dialect::service
                                   ? " (in the service dialect status is true or false: the "
                                     "official client reads any status but false as a success)"
                                   : " (the contract of " + op.name +
                                         " answers has string status, message, code)"));
  }
  return out;
}

}  // namespace drivemock::scenario
