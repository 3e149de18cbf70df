#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "util/parallel.h"

using namespace drivemock;

TEST_CASE("parallel_for calls the work once for every index, on numbered workers") {
  std::vector<std::atomic<int>> calls(100);
  std::atomic<size_t> highest_worker{0};
  parallel_for(calls.size(), [&](size_t i, size_t worker) {
    ++calls[i];
    size_t seen = highest_worker.load();
    while (worker > seen && !highest_worker.compare_exchange_weak(seen, worker)) {
    }
  });
  for (const auto& c : calls) CHECK(c == 1);
  CHECK(highest_worker < worker_count(calls.size()));
}

TEST_CASE("background work runs on batch-class threads at nice 19, never the caller's") {
  std::mutex mutex;
  std::set<std::pair<int, int>> classes;  // policy, nice
  bool on_caller = false;
  const auto caller = std::this_thread::get_id();
  parallel_for(
      8,
      [&](size_t, size_t) {
        std::lock_guard lock(mutex);
        classes.insert(
            {sched_getscheduler(0), getpriority(PRIO_PROCESS, static_cast<id_t>(gettid()))});
        on_caller = on_caller || std::this_thread::get_id() == caller;
      },
      Priority::background);
  CHECK(classes == std::set<std::pair<int, int>>{{SCHED_BATCH, 19}});
  CHECK_FALSE(on_caller);
  CHECK(sched_getscheduler(0) == SCHED_OTHER);  // the caller keeps its class
}

namespace {

/// The calling thread's scheduling class and nice value.
std::pair<int, int> this_thread_class() {
  return {sched_getscheduler(0), getpriority(PRIO_PROCESS, static_cast<id_t>(gettid()))};
}

}  // namespace

TEST_CASE("run_at background runs the work and the threads it starts at batch nice 19") {
  std::pair<int, int> work_class, nested_class;
  std::thread::id work_thread;
  run_at(Priority::background, [&] {
    work_class = this_thread_class();
    work_thread = std::this_thread::get_id();
    // What the work starts (a parse's helpers, say) inherits its priority.
    std::thread([&] { nested_class = this_thread_class(); }).join();
  });
  CHECK(work_class == std::pair{SCHED_BATCH, 19});
  CHECK(nested_class == std::pair{SCHED_BATCH, 19});
  CHECK(work_thread != std::this_thread::get_id());
  CHECK(this_thread_class() == std::pair{SCHED_OTHER, 0});  // the caller keeps its class
}

TEST_CASE("run_at normal runs the work on the calling thread, as it is") {
  std::thread::id work_thread;
  run_at(Priority::normal, [&] { work_thread = std::this_thread::get_id(); });
  CHECK(work_thread == std::this_thread::get_id());
}
