#include "http/worker_pool.h"

namespace drivemock {

void WorkerPool::enqueue(std::function<void()> task) {
  std::lock_guard lock(mutex_);
  tasks_.push_back(std::move(task));
  queued_ = tasks_.size();
  // Idle workers each take one queued task; start one for any left over.
  if (tasks_.size() > idle_ && threads_.size() < max_workers_) {
    threads_.emplace_back([this] { work(); });
  }
  wake_.notify_one();
}

void WorkerPool::shutdown() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
  }
  wake_.notify_all();
  // No enqueue() after shutdown(): the library calls both from its listener.
  for (auto& thread : threads_) thread.join();
}

size_t WorkerPool::workers() const {
  std::lock_guard lock(mutex_);
  return threads_.size();
}

void WorkerPool::work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    ++idle_;
    wake_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
    --idle_;
    if (tasks_.empty()) return;  // stopping, nothing left to run
    auto task = std::move(tasks_.front());
    tasks_.pop_front();
    queued_ = tasks_.size();
    lock.unlock();
    task();
    lock.lock();
  }
}

}  // namespace drivemock
