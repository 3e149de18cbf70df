#include "record/proxy.h"

#include "contract/operations.h"
#include "util/json.h"

namespace drivemock::record {
namespace {

CapturedField captured_field(const std::string& name, const rapidjson::Value& value) {
  std::string json = json::to_string(value);
  return {name, json,
          value.IsString() ? std::string(value.GetString(), value.GetStringLength()) : json};
}

std::string content_type_of(const Reply& answer) {
  const std::string* type = find_header(answer.header_list(), "Content-Type");
  return type ? *type : std::string();
}

}  // namespace

Reply forward(Upstream& upstream, const std::string& target, const RequestView& request,
              const contract::Classified& classified, Recorder& recorder,
              const Envelope& envelope) {
  UpstreamAnswer answer = upstream.forward(target, request);
  if (auto capture = capture_of(classified, answer)) {
    recorder.capture(std::move(*capture), *classified.operation);
  }
  return proxied_reply(answer, target, envelope);
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

std::optional<Capture> capture_of(const contract::Classified& classified,
                                  const UpstreamAnswer& answer) {
  const auto& checked = classified.checked;
  if (!answer || !classified.operation || checked.rejection || checked.uuid.empty()) {
    return std::nullopt;
  }
  Capture capture{classified.operation->name,
                  checked.uuid,
                  {},
                  answer->status,
                  std::string(answer->body_text()),
                  content_type_of(*answer)};
  for (const auto& field : classified.operation->fields) {
    if (field.name == classified.operation->key) continue;
    auto it = checked.body.FindMember(field.name.c_str());
    if (it != checked.body.MemberEnd())
      capture.fields.push_back(captured_field(field.name, it->value));
  }
  return capture;
}

}  // namespace drivemock::record
