#include "model/entry.h"

namespace drivemock {

const Redaction& default_redaction() {
  static const Redaction built_in;
  return built_in;
}

RecordedRequest::RecordedRequest(const RequestView& view, std::optional<std::string_view> uuid,
                                 const Redaction& redaction) {
  size_t size = view.method.size() + view.url.size() + view.body.size() + view.client_ip.size() +
                (uuid ? uuid->size() : 0);
  for (const auto& h : view.headers) size += h.name.size() + h.value.size() + 2 * kLengthBytes;
  data_.reserve(size);
  data_.append(view.method);
  url_ = static_cast<uint32_t>(data_.size());
  if (redaction.url_has_secret(view.url)) {
    data_.append(redaction.redact_url(view.url));
  } else {
    data_.append(view.url);
  }
  headers_ = static_cast<uint32_t>(data_.size());
  for (const auto& h : view.headers) {
    append_counted(h.name);
    append_counted(redaction.header_value(h.name, h.value));
  }
  body_ = static_cast<uint32_t>(data_.size());
  data_.append(view.body);
  ip_ = static_cast<uint32_t>(data_.size());
  data_.append(view.client_ip);
  uuid_ = static_cast<uint32_t>(data_.size());
  has_uuid_ = uuid.has_value();
  if (uuid) data_.append(*uuid);
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
  entry.response = {reply.status, faulted ? nullptr : reply.body, reply.fault,
                    handled.origin == Origin::upstream, redacted_headers(reply, redaction)};
  entry.logged = clock.wall();
  entry.total_micros =
      std::chrono::duration_cast<std::chrono::microseconds>(clock.steady() - started).count();
  return entry;
}

void RecordedRequest::append_counted(std::string_view bytes) {
  auto length = static_cast<uint32_t>(bytes.size());
  data_.append(reinterpret_cast<const char*>(&length), kLengthBytes);
  data_.append(bytes);
}

}  // namespace drivemock
