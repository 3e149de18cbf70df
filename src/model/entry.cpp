#include "model/entry.h"

#include <algorithm>
#include <cstring>

#include "model/outcome.h"

namespace drivemock {

const Redaction& default_redaction() {
  static const Redaction built_in;
  return built_in;
}

RecordedRequest::RecordedRequest(const RequestView& view, std::optional<std::string_view> uuid,
                                 const Redaction& redaction) {
  std::optional<std::string> redacted_url;
  if (redaction.url_has_secret(view.url)) redacted_url = redaction.redact_url(view.url);
  std::string_view url = redacted_url ? std::string_view(*redacted_url) : view.url;
  // Sized once for the most it can take (any header value may become the
  // longer "***"), written in place, then cut to what it took: one
  // allocation, and a copy per part with no append's bookkeeping.
  size_t most = view.method.size() + url.size() + view.body.size() + view.client_ip.size() +
                (uuid ? uuid->size() : 0);
  for (const auto& h : view.headers) {
    most += h.name.size() + std::max(h.value.size(), kRedacted.size()) + 2 * kLengthBytes;
  }
  data_.resize(most);
  char* out = data_.data();
  auto put = [&](std::string_view bytes) {
    if (!bytes.empty()) std::memcpy(out, bytes.data(), bytes.size());  // an empty one may be null
    out += bytes.size();
    return static_cast<uint32_t>(out - data_.data());
  };
  auto put_counted = [&](std::string_view bytes) {
    auto length = static_cast<uint32_t>(bytes.size());
    std::memcpy(out, &length, kLengthBytes);
    out += kLengthBytes;
    put(bytes);
  };
  url_ = put(view.method);
  headers_ = put(url);
  for (const auto& h : view.headers) {
    put_counted(h.name);
    put_counted(redaction.header_value(h.name, h.value));
  }
  body_ = static_cast<uint32_t>(out - data_.data());
  ip_ = put(view.body);
  uuid_ = put(view.client_ip);
  has_uuid_ = uuid.has_value();
  data_.resize(uuid ? put(*uuid) : uuid_);
}

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
  entry.response = {reply.status,     faulted ? nullptr : reply.body,
                    reply.fault,      handled.origin == Origin::upstream,
                    succeeded(reply), redacted_headers(reply, redaction)};
  entry.logged = clock.wall();
  entry.total_micros =
      std::chrono::duration_cast<std::chrono::microseconds>(clock.steady() - started).count();
  return entry;
}

}  // namespace drivemock
