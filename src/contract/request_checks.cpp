#include "contract/request_checks.h"

#include <algorithm>

#include "util/json.h"
#include "util/text.h"

namespace drivemock::contract {
namespace {

/// The media type without parameters or blanks, as sent: "application/json".
/// Compared case-insensitively, never copied (every request has two).
std::string_view media_type(std::string_view value) {
  return trimmed(value.substr(0, value.find(';')), " \t");
}

bool is_json_type(std::string_view type) {
  constexpr std::string_view kApplication = "application/";
  constexpr std::string_view kSuffix = "+json";
  return iequals(type, "application/json") ||
         (type.size() >= kApplication.size() + kSuffix.size() &&
          iequals(type.substr(0, kApplication.size()), kApplication) &&
          iequals(type.substr(type.size() - kSuffix.size()), kSuffix));
}

bool accepts_json(std::string_view accept) {
  size_t start = 0;
  while (start <= accept.size()) {
    size_t comma = accept.find(',', start);
    if (comma == std::string_view::npos) comma = accept.size();
    auto type = media_type(accept.substr(start, comma - start));
    if (type == "*/*" || iequals(type, "application/*") || is_json_type(type)) return true;
    start = comma + 1;
  }
  return false;
}

void check_headers(const RequestView& request, std::vector<Violation>& out) {
  const std::string* content_type = request.header("Content-Type");
  if (!content_type) {
    out.push_back({"content_type", "Header Content-Type is missing; expected application/json"});
  } else if (!is_json_media_type(*content_type)) {
    out.push_back({"content_type",
                   "Header Content-Type is '" + *content_type + "'; expected application/json"});
  }
  const std::string* accept = request.header("Accept");
  if (accept && !accepts_json(*accept)) {
    out.push_back(
        {"accept", "Header Accept is '" + *accept + "', which does not accept application/json"});
  }
}

/// Parses the body into `doc`; on failure, the violation that makes it unservable.
std::optional<Violation> parse_body(const std::string& body, rapidjson::Document& doc) {
  if (body.empty()) {
    return Violation{"json_syntax", "The request body is empty; expected a JSON object"};
  }
  if (auto error = json::parse_untrusted_into(body, doc)) {
    return Violation{"json_syntax", "The request body is not valid JSON: " + error->message};
  }
  // A client sending {"uuid":"a","uuid":"b"} means one or the other
  // depending on who reads it: refused.
  if (auto name = json::first_duplicate_name(doc)) {
    return Violation{"duplicate_key", "The request body gives the member '" + *name +
                                          "' twice in one object; expected each name once"};
  }
  if (!doc.IsObject()) {
    return Violation{"body_not_object", std::string("The request body is a JSON ") +
                                            json::type_name(doc) + "; expected an object"};
  }
  return std::nullopt;
}

std::string joined(const std::vector<Violation>& violations) {
  std::string out;
  for (const auto& v : violations) out += (out.empty() ? "" : "; ") + v.message;
  return out;
}

}  // namespace

CheckedRequest check_request(const Operation& op, const RequestView& request,
                             Strictness strictness) {
  CheckedRequest out;
  check_headers(request, out.violations);
  out.pool = std::make_unique<json::SmallPool>();
  out.body = rapidjson::Document(&out.pool->allocator());
  if (auto violation = parse_body(request.body, out.body)) {
    out.body.SetNull();  // no body to serve from, as if never parsed
    out.rejection = violation->message;
    out.violations.push_back(std::move(*violation));
    return out;
  }
  auto field_violations = check_fields(op.fields, out.body, "request body", UnknownFields::report);
  out.violations.insert(out.violations.end(), field_violations.begin(), field_violations.end());
  if (!has_key(op)) {
    if (strictness == Strictness::strict && !out.violations.empty()) {
      out.rejection = joined(out.violations);
    }
    return out;
  }
  // Without its key a request names no entity: it cannot be served. A key
  // with a NUL in it names one (never a scripted one) and is served, with
  // its violation.
  bool key_has_nul = out.body.HasMember(op.key.c_str()) && has_nul(out.body[op.key.c_str()]);
  auto key =
      std::find_if(field_violations.begin(), field_violations.end(), [&](const Violation& v) {
        return v.field == op.key && v.rule != "field_unknown" && !key_has_nul;
      });
  if (key != field_violations.end()) {
    out.rejection = key->message;
  } else if (strictness == Strictness::strict && !out.violations.empty()) {
    out.rejection = joined(out.violations);
  }
  if (!out.rejection) {
    // Whole, NUL and all: as a C string it would name another uuid.
    const auto& uuid = out.body[op.key.c_str()];
    out.uuid.assign(uuid.GetString(), uuid.GetStringLength());
  }
  return out;
}

Violation method_violation(const Operation& op, const RequestView& request) {
  return {"method_not_allowed", "Method " + request.method + " is not allowed on " + op.path +
                                    "; expected " + std::string(kMethod)};
}

bool is_json_media_type(std::string_view value) {
  return is_json_type(media_type(value));
}

std::optional<Violation> dialect_violation(const RequestView& request, const Envelope& envelope) {
  if (envelope.dialect() != Dialect::document) return std::nullopt;
  const std::string* agent = request.header("User-Agent");
  if (!agent || !agent->starts_with("filen-sdk")) return std::nullopt;
  return Violation{"dialect",
                   "User-Agent '" + agent->substr(0, 64) +
                       "' is the service's official SDK, which reads only status: false as an "
                       "error: drivemock's document-dialect errors (status: \"error\") read as "
                       "successes to it; start drivemock with --dialect service"};
}

}  // namespace drivemock::contract
