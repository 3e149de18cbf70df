#include "util/parallel.h"

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace drivemock {

namespace {

size_t cores() {
  return std::max<size_t>(1, std::thread::hardware_concurrency());
}

/// Moves the calling thread to the batch class at nice 19 (see Priority).
void lower_this_thread() {
  sched_param none{};
  pthread_setschedparam(pthread_self(), SCHED_BATCH, &none);
  // Linux schedules threads on their own: this lowers this thread only.
  setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 19);
}

}  // namespace

size_t worker_count(size_t items) {
  return std::max<size_t>(1, std::min(cores(), items));
}

void parallel_for(size_t items, const std::function<void(size_t index, size_t worker)>& work,
                  Priority priority) {
  std::atomic<size_t> next{0};
  auto run = [&](size_t worker) {
    for (size_t i; (i = next.fetch_add(1)) < items;) work(i, worker);
  };
  auto run_in_background = [&](size_t worker) {
    lower_this_thread();
    run(worker);
  };
  std::vector<std::thread> helpers;
  size_t first_helper = priority == Priority::background ? 0 : 1;
  size_t workers = worker_count(items);
  // Background work leaves a core to the requests: with every core busy,
  // even with the lowest-priority work, a virtual machine's cores are taken
  // from it by the host, and requests waited milliseconds (measured with
  // idle-class threads: p99 16x idle during a 100,000-uuid push on two
  // cores, 2.3x with one core left).
  if (priority == Priority::background && workers > 1 && workers == cores()) --workers;
  for (size_t w = first_helper; w < workers; ++w) {
    if (priority == Priority::background) {
      helpers.emplace_back(run_in_background, w);
    } else {
      helpers.emplace_back(run, w);
    }
  }
  if (priority == Priority::normal) run(0);
  for (auto& t : helpers) t.join();
}

void run_at(Priority priority, const std::function<void()>& work) {
  if (priority == Priority::normal) {
    work();
    return;
  }
  std::thread([&] {
    lower_this_thread();
    work();
  }).join();
}

}  // namespace drivemock
