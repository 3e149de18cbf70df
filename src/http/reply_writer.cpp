#include "http/reply_writer.h"

#include "http/connection_faults.h"
#include "util/text.h"

namespace drivemock {
namespace {

constexpr const char* kPolicyHeader = "Content-Security-Policy";
constexpr const char* kNoSniffHeader = "X-Content-Type-Options";
/// Both headers as the value of the second: "nosniff", the line's end, the
/// first. Keyed by the X- name, which the library's case-insensitive map
/// tells from every other answer header (Content-Type, Content-Length,
/// Keep-Alive) at its first letter, where Content-Security-Policy costs a
/// comparison of "Content-" with each.
const std::string kBothSafetyHeaders =
    std::string(kNoSniff) + "\r\n" + kPolicyHeader + ": " + std::string(kSandboxPolicy);

/// The library takes the type as a std::string: one made once, not per answer.
const std::string kJsonType = "application/json";

}  // namespace

void fill_response(httplib::Response& response, const Reply& reply) {
  response.status = reply.status;
  const std::string* content_type = &kJsonType;
  OwnSafetyHeaders own;
  for (const auto& h : reply.header_list()) {
    if (iequals(h.name, "Content-Type")) {
      content_type = &h.value;
    } else {
      own.note(h.name);
      response.set_header(h.name.c_str(), h.value);
    }
  }
  // Every answer carries both (model/reply.h), so they are written as cheaply
  // as the library allows: constants, emplaced without set_header's checks
  // for line breaks, and where an answer sets neither (nearly all of them)
  // as one entry that the library writes as its two lines ("name: value\r\n"
  // each), which saved a third of their cost per request (bench/instructions).
  if (!own.policy && !own.nosniff) {
    response.headers.emplace(kNoSniffHeader, kBothSafetyHeaders);
  } else if (!own.policy) {
    response.headers.emplace(kPolicyHeader, kSandboxPolicy);
  } else if (!own.nosniff) {
    response.headers.emplace(kNoSniffHeader, kNoSniff);
  }
  std::string_view body = reply.body_text();
  response.set_content(body.data(), body.size(), *content_type);
}

void ReplyWriter::wait_delay(const Reply& reply) const {
  if (reply.delay_ms > 0) stopping_.wait_for(std::chrono::milliseconds(reply.delay_ms));
}

void ReplyWriter::send(const Reply& reply) {
  if (reply.fault != Fault::none) {
    apply_fault(reply.fault, stopping_);
    return;
  }
  if (reply.events && send_events(reply, stopping_)) return;
  if (reply.dribble.chunks > 0 && !reply.body_text().empty() && send_dribbled(reply, stopping_)) {
    return;
  }
  fill_response(response_, reply);
}

}  // namespace drivemock
