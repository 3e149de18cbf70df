#include "journal/admin_events.h"

#include <algorithm>

namespace drivemock::journal {

uint64_t AdminEvents::record(AdminEvent event, uint64_t last_request) {
  auto stored = std::make_shared<AdminEvent>(std::move(event));
  stored->after_request = last_request;
  std::lock_guard lock(mutex_);
  stored->id = next_id_++;
  events_.push_back(std::move(stored));
  while (events_.size() > limit_) events_.pop_front();
  return next_id_ - 1;
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
