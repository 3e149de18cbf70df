#include "http/reply_writer.h"

#include "http/connection_faults.h"
#include "util/text.h"

namespace drivemock {

void fill_response(httplib::Response& response, const Reply& reply) {
  response.status = reply.status;
  const char* content_type = "application/json";
  OwnSafetyHeaders own;
  for (const auto& h : reply.header_list()) {
    if (iequals(h.name, "Content-Type")) {
      content_type = h.value.c_str();
    } else {
      own.note(h.name);
      response.set_header(h.name.c_str(), h.value);
    }
  }
  if (!own.policy) response.set_header("Content-Security-Policy", std::string(kSandboxPolicy));
  if (!own.nosniff) response.set_header("X-Content-Type-Options", std::string(kNoSniff));
  std::string_view body = reply.body_text();
  response.set_content(body.data(), body.size(), content_type);
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
