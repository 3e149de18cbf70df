#include "record/client_pool.h"

#include <httplib.h>

namespace drivemock::record {

ClientPool::ClientPool() = default;
ClientPool::~ClientPool() = default;

std::unique_ptr<httplib::Client> ClientPool::take(const std::string& target,
                                                  Clock::time_point now) {
  std::vector<std::unique_ptr<httplib::Client>> stale;  // closed outside the lock
  std::unique_ptr<httplib::Client> fresh;
  {
    std::lock_guard lock(mutex_);
    auto found = idle_.find(target);
    if (found == idle_.end()) return nullptr;
    auto& clients = found->second;
    // The most recently used last: taken first, the stale ones go.
    while (!clients.empty()) {
      Idle last = std::move(clients.back());
      clients.pop_back();
      if (now - last.since <= kMaxIdle) {
        fresh = std::move(last.client);
        break;
      }
      stale.push_back(std::move(last.client));
    }
    if (clients.empty()) idle_.erase(found);
  }
  return fresh;
}

void ClientPool::give_back(const std::string& target, std::unique_ptr<httplib::Client> client,
                           Clock::time_point now) {
  std::lock_guard lock(mutex_);
  auto& clients = idle_[target];
  if (clients.size() >= kMaxIdlePerTarget) return;  // closed as `client` goes
  clients.push_back({std::move(client), now});
}

size_t ClientPool::idle() const {
  std::lock_guard lock(mutex_);
  size_t count = 0;
  for (const auto& [target, clients] : idle_) count += clients.size();
  return count;
}

}  // namespace drivemock::record
