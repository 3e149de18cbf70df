#include "util/parallel.h"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace drivemock {

size_t worker_count(size_t items) {
  size_t cores = std::max<size_t>(1, std::thread::hardware_concurrency());
  return std::max<size_t>(1, std::min(cores, items));
}

void parallel_for(size_t items, const std::function<void(size_t index, size_t worker)>& work) {
  std::atomic<size_t> next{0};
  auto run = [&](size_t worker) {
    for (size_t i; (i = next.fetch_add(1)) < items;) work(i, worker);
  };
  std::vector<std::thread> helpers;
  for (size_t w = 1; w < worker_count(items); ++w) helpers.emplace_back(run, w);
  run(0);
  for (auto& t : helpers) t.join();
}

}  // namespace drivemock
