#include "model/outcome.h"

#include "util/json.h"

namespace drivemock {

bool envelope_says_error(std::string_view body) {
  if (body.empty() || body.front() != '{') return false;
  auto parsed = json::parse_untrusted(body);
  if (!parsed || !parsed->IsObject()) return false;
  const rapidjson::Document& doc = *parsed;  // const iterators compare unambiguously
  auto status = doc.FindMember("status");
  if (status == doc.MemberEnd()) return false;
  const auto& value = status->value;
  return value.IsFalse() ||
         (value.IsString() &&
          std::string_view(value.GetString(), value.GetStringLength()) == "error");
}

void read_envelope(Reply& reply) {
  reply.envelope =
      envelope_says_error(reply.body_text()) ? EnvelopeSays::error : EnvelopeSays::nothing_against;
}

namespace {

bool transport_succeeded(int status, Fault fault) {
  return fault == Fault::none && status >= 200 && status < 300;
}

}  // namespace

bool succeeded(int status, Fault fault, std::string_view body) {
  return transport_succeeded(status, fault) && !envelope_says_error(body);
}

bool succeeded(const Reply& reply) {
  if (!transport_succeeded(reply.status, reply.fault)) return false;
  switch (reply.envelope) {
    case EnvelopeSays::error: return false;
    case EnvelopeSays::nothing_against: return true;
    case EnvelopeSays::unread: break;
  }
  return !envelope_says_error(reply.body_text());
}

}  // namespace drivemock
