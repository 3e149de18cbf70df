#include "record/proxy.h"

#include <algorithm>
#include <chrono>

#include "contract/operations.h"
#include "util/json.h"
#include "util/text.h"

namespace drivemock::record {
namespace {

std::optional<contract::FieldType> type_of(const rapidjson::Value& value) {
  switch (value.GetType()) {
    case rapidjson::kStringType: return contract::FieldType::string;
    case rapidjson::kNumberType: return contract::FieldType::number;
    case rapidjson::kTrueType:
    case rapidjson::kFalseType: return contract::FieldType::boolean;
    case rapidjson::kObjectType: return contract::FieldType::object;
    case rapidjson::kArrayType: return contract::FieldType::array;
    case rapidjson::kNullType: return std::nullopt;
  }
  return std::nullopt;
}

CapturedField captured_field(const std::string& name, const rapidjson::Value& value) {
  return {name, json::to_string(value), type_of(value)};
}

std::string content_type_of(const Reply& answer) {
  const std::string* type = find_header(answer.header_list(), "Content-Type");
  return type ? *type : std::string();
}

/// The body's fields other than the key: the operation's, or, for a path
/// no operation defines, every member (learning sorts them out).
std::vector<CapturedField> fields_of(const rapidjson::Value& body, const contract::Operation* op) {
  std::vector<CapturedField> fields;
  if (!op) {
    for (const auto& member : body.GetObject()) {
      fields.push_back(captured_field(
          std::string(member.name.GetString(), member.name.GetStringLength()), member.value));
    }
    return fields;
  }
  for (const auto& field : op->fields) {
    if (field.name == op->key) continue;
    auto it = body.FindMember(field.name.c_str());
    if (it != body.MemberEnd()) fields.push_back(captured_field(field.name, it->value));
  }
  return fields;
}

}  // namespace

Reply forward(const ProxyRoute& route, const RequestView& request, contract::Classified& classified,
              const contract::OperationSet& in_force) {
  auto sent = std::chrono::steady_clock::now();
  UpstreamAnswer answer = route.upstream.forward(route.target, request);
  auto took = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - sent);
  auto capture = capture_of(request, classified, answer, route.redaction);
  if (capture)
    capture->delay_ms = static_cast<int>(std::min<int64_t>(took.count(), kMaxRecordedDelayMs));
  std::optional<std::string> why_not;
  if (capture) {
    why_not = route.recorder.capture(std::move(capture).value(), classified.operation, in_force);
  } else {
    route.recorder.skip(request.method, request.path, capture.error());
    why_not = capture.error();
  }
  if (why_not) {
    classified.seen.violations.push_back({"not_recorded", "Proxied but not recorded: " + *why_not});
  }
  return proxied_reply(answer, route.target, route.envelope);
}

Reply proxied_reply(const UpstreamAnswer& answer, const std::string& target,
                    const Envelope& envelope) {
  if (!answer) {
    const UpstreamFailure& failure = answer.error();
    bool unreachable = failure.code == UpstreamFailure().code;
    return error_reply(envelope, 502,
                       unreachable
                           ? "The upstream " + target + " did not answer: " + failure.message
                           : failure.message,
                       failure.code);
  }
  return *answer;
}

std::vector<Header> replayed_headers(const Reply& answer, const Redaction& redaction) {
  // The browser-safety headers too: a replay sends drivemock's own sandbox
  // policy, which an upstream's would replace.
  static constexpr std::string_view kLeftOut[] = {"Content-Type",
                                                  "Date",
                                                  "Server",
                                                  "Via",
                                                  "Alt-Svc",
                                                  "Strict-Transport-Security",
                                                  "NEL",
                                                  "Report-To",
                                                  "Expect-CT",
                                                  "Content-Security-Policy",
                                                  "X-Content-Type-Options",
                                                  "Keep-Alive"};
  std::vector<Header> kept;
  for (const auto& h : answer.header_list()) {
    bool left_out = false;
    for (auto name : kLeftOut) left_out = left_out || iequals(name, h.name);
    if (left_out) continue;
    std::string value(redaction.header_value(h.name, h.value));
    // One name once (a scenario's headers are a mapping): repeated fields
    // joined as RFC 9110 §5.3 allows.
    auto same = std::find_if(kept.begin(), kept.end(),
                             [&](const Header& k) { return iequals(k.name, h.name); });
    if (same == kept.end()) {
      kept.push_back({h.name, std::move(value)});
    } else if (same->value != value) {
      same->value += ", " + value;
    }
  }
  return kept;
}

Result<Capture, std::string> capture_of(const RequestView& request,
                                        const contract::Classified& classified,
                                        const UpstreamAnswer& answer, const Redaction& redaction) {
  using Captured = Result<Capture, std::string>;
  if (!answer) return Captured("the upstream gave no answer (" + answer.error().code + ")");
  if (request.method != contract::kMethod) {
    return Captured("method " + request.method + ": only POST calls are replayed");
  }
  const contract::Operation* op = classified.operation;
  if (!op && !contract::is_operation_path(request.path)) {
    return Captured("no operation can be learnt at " + request.path +
                    ": an operation's path is a name under /v3/");
  }
  // A known operation's body was parsed by its checks; another path's here.
  rapidjson::Document parsed;
  const rapidjson::Value* body = &classified.checked.body;
  if (!op) {
    auto doc = json::parse_untrusted(request.body);
    if (doc) parsed = std::move(doc).value();
    body = &parsed;
  }
  if (!body->IsObject()) return Captured(std::string("the body is not a JSON object"));
  std::optional<std::string> key;
  if (op && contract::has_key(*op)) {
    auto it = body->FindMember(op->key.c_str());
    if (it == body->MemberEnd() || !it->value.IsString()) {
      return Captured("the body has no " + op->key + " string (the key of " + op->name + ")");
    }
    key.emplace(it->value.GetString(), it->value.GetStringLength());
  }
  Capture capture{op ? op->name : std::string(),
                  std::move(key),
                  fields_of(*body, op),
                  answer->status,
                  std::string(answer->body_text()),
                  content_type_of(*answer),
                  request.path,
                  replayed_headers(*answer, redaction)};
  return Captured(std::move(capture));
}

}  // namespace drivemock::record
