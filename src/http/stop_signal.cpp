#include "http/stop_signal.h"

namespace drivemock {

void StopSignal::trip() {
  {
    std::lock_guard lock(mutex_);
    tripped_ = true;
  }
  cv_.notify_all();
}

bool StopSignal::tripped() const {
  return tripped_.load();
}

bool StopSignal::wait_for(std::chrono::milliseconds timeout) const {
  std::unique_lock lock(mutex_);
  return cv_.wait_for(lock, timeout, [this] { return tripped_.load(); });
}

void StopSignal::wait() const {
  std::unique_lock lock(mutex_);
  cv_.wait(lock, [this] { return tripped_.load(); });
}

}  // namespace drivemock
