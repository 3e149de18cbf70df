#include "http/worker_pool.h"

namespace drivemock {

namespace {
thread_local bool shed_now = false;
}  // namespace

bool WorkerPool::shedding() {
  return shed_now;
}

void WorkerPool::enqueue(std::function<void()> task) {
  std::unique_lock lock(mutex_);
  // Workers started but not yet running a task will take one each: only
  // what waits beyond them counts against the bound.
  size_t free_workers = threads_.size() - running_;
  if (threads_.size() >= max_workers_ && tasks_.size() >= free_workers + max_workers_) {
    // Full: the task runs here, at once, knowing it is shed (its
    // connection is closed unserved), rather than holding a descriptor.
    lock.unlock();
    shed_now = true;
    task();
    shed_now = false;
    return;
  }
  tasks_.push_back(std::move(task));
  queued_ = tasks_.size();
  // Idle workers each take one queued task; start one for any left over.
  if (tasks_.size() > threads_.size() - running_ && threads_.size() < max_workers_) {
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
    ++running_;
    lock.unlock();
    task();
    lock.lock();
    --running_;
  }
}

}  // namespace drivemock
