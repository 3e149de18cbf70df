#include "journal/admin_events.h"

#include <algorithm>
#include <cstdint>

namespace drivemock::journal {

size_t event_bytes(const AdminEvent& event) {
  size_t bytes = sizeof(AdminEvent) + event.kind.size() + event.message.size();
  for (const auto& [name, value] : event.details) {
    bytes += sizeof(AdminEvent::Details::value_type) + name.size() + value.size();
  }
  return bytes;
}

size_t events_byte_limit(size_t journal_bytes) {
  return std::max<size_t>(journal_bytes / 8, size_t{1} << 20);
}

uint64_t AdminEvents::record(AdminEvent event, uint64_t last_request) {
  auto stored = std::make_shared<AdminEvent>(std::move(event));
  stored->after_request = last_request;
  size_t bytes = event_bytes(*stored);
  std::lock_guard lock(mutex_);
  stored->id = next_id_++;
  events_.push_back(std::move(stored));
  bytes_ += bytes;
  while (events_.size() > 1 && (events_.size() > limit_ || bytes_ > byte_limit_)) {
    bytes_ -= event_bytes(*events_.front());
    events_.pop_front();
  }
  return next_id_ - 1;
}

size_t AdminEvents::bytes() const {
  std::lock_guard lock(mutex_);
  return bytes_;
}

std::vector<AdminEventPtr> AdminEvents::after(uint64_t after,
                                              const std::optional<std::string>& session) const {
  std::vector<AdminEventPtr> out;
  std::lock_guard lock(mutex_);
  auto first =
      std::upper_bound(events_.begin(), events_.end(), after,
                       [](uint64_t wanted, const AdminEventPtr& e) { return wanted < e->id; });
  for (auto it = first; it != events_.end(); ++it) {
    if (!session || ((*it)->session && (*it)->session->id == *session)) out.push_back(*it);
  }
  return out;
}

uint64_t AdminEvents::last_id() const {
  std::lock_guard lock(mutex_);
  return next_id_ - 1;
}

}  // namespace drivemock::journal
