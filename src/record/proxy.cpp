#include "record/proxy.h"

#include "contract/operations.h"
#include "util/json.h"

namespace drivemock::record {
namespace {

CapturedField captured_field(const std::string& name, const rapidjson::Value& value) {
  std::string json = json::to_string(value);
  return {name, json, value.IsString() ? value.GetString() : json};
}

std::string content_type_of(const UpstreamAnswer& answer) {
  const std::string* type = find_header(answer.headers, "Content-Type");
  return type ? *type : std::string();
}

}  // namespace

mock::Reply proxied_reply(const UpstreamAnswer& answer, const std::string& target) {
  if (!answer.reached) {
    return mock::json_reply(
        502, json::error_envelope("The upstream " + target + " did not answer: " + answer.error,
                                  "upstream_unreachable"));
  }
  return {answer.status, std::make_shared<const std::string>(answer.body), answer.headers, 0,
          scenario::Fault::none};
}

std::optional<Capture> capture_of(const mock::Inspection& inspection,
                                  const UpstreamAnswer& answer) {
  const auto& checked = inspection.checked;
  if (!answer.reached || !inspection.operation || checked.rejection || checked.uuid.empty()) {
    return std::nullopt;
  }
  Capture capture{inspection.operation->name, checked.uuid, {}, answer.status, answer.body,
                  content_type_of(answer)};
  for (const auto& field : inspection.operation->fields) {
    if (field.name == contract::kKeyField) continue;
    auto it = checked.body.FindMember(field.name.c_str());
    if (it != checked.body.MemberEnd())
      capture.fields.push_back(captured_field(field.name, it->value));
  }
  return capture;
}

}  // namespace drivemock::record
