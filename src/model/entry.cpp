#include "model/entry.h"

#include "model/outcome.h"

namespace drivemock {

namespace {

/// The reply's headers with secrets written as "***": the reply's own list
/// when it has none (a scenario's answer shares it with every entry).
std::shared_ptr<const std::vector<Header>> redacted_headers(const Reply& reply,
                                                            const Redaction& redaction) {
  if (!reply.headers || reply.headers->empty()) return nullptr;
  bool secret = false;
  for (const auto& h : *reply.headers) secret = secret || redaction.secret_header(h.name);
  if (!secret) return reply.headers;
  auto copy = std::make_shared<std::vector<Header>>(*reply.headers);
  for (auto& h : *copy) {
    if (redaction.secret_header(h.name)) h.value = std::string(kRedacted);
  }
  return copy;
}

}  // namespace

Entry make_entry(Handled handled, Clock::Steady started, const Clock& clock,
                 const Redaction& redaction) {
  Entry entry;
  static_cast<Classification&>(entry) = std::move(handled.seen);
  entry.request = RecordedRequest(handled.request, handled.uuid, redaction);
  const Reply& reply = handled.reply;
  bool faulted = reply.fault != Fault::none;
  entry.response = {faulted ? nullptr : reply.body,
                    redacted_headers(reply, redaction),
                    reply.status,
                    reply.fault,
                    handled.origin == Origin::upstream,
                    succeeded(reply)};
  entry.logged = clock.wall();
  entry.total_micros =
      std::chrono::duration_cast<std::chrono::microseconds>(clock.steady() - started).count();
  return entry;
}

}  // namespace drivemock
