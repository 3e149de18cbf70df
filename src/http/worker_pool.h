#pragma once
// The library's thread pool is fixed: with N threads, the N+1st open
// connection waits until another closes, so idle keep-alive clients or `hang`
// faults could starve everyone else. This pool starts a thread whenever a
// connection arrives and no worker is free, up to `max_workers`, and keeps
// it for later connections: threads follow the most connections ever open at
// once, and only beyond max_workers do connections queue (counted in
// `queued`, which the caller owns and which outlives the pool). At most
// max_workers connections queue: one more is run at once on the accepting
// thread with shedding() true, and closed unserved (http_server), so that
// idle clients of one listener hold a bounded number of descriptors and
// cannot starve another listener of them.

#include <httplib.h>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace drivemock {

class WorkerPool final : public httplib::TaskQueue {
 public:
  WorkerPool(size_t max_workers, std::atomic<size_t>& queued)
      : max_workers_(max_workers), queued_(queued) {}
  ~WorkerPool() override { shutdown(); }
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  void enqueue(std::function<void()> task) override;
  /// Runs the tasks still queued, then joins every worker.
  void shutdown() override;
  /// Threads started so far.
  size_t workers() const;
  /// True on the thread running a task the pool sheds: every worker busy
  /// and max_workers connections already waiting.
  static bool shedding();

 private:
  void work();

  const size_t max_workers_;
  std::atomic<size_t>& queued_;  ///< tasks no worker has taken yet
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> tasks_;
  std::vector<std::thread> threads_;
  size_t idle_ = 0;
  size_t running_ = 0;  ///< workers running a task now
  bool stopping_ = false;
};

}  // namespace drivemock
