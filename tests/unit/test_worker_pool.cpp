// The worker pool behind each listener: threads follow the connections open
// at once up to max_workers; as many more may wait; one more is shed (run
// at once, knowing it, and closed unserved), so idle clients of one listener
// cannot take every descriptor of the process.
#include <catch2/catch.hpp>
#include <future>
#include <latch>

#include "eventually.h"
#include "http/worker_pool.h"

using namespace drivemock;
using drivemock::testing::eventually;

TEST_CASE("past max_workers busy and as many waiting, a connection is shed at once") {
  std::atomic<size_t> queued{0};
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  std::atomic<int> ran{0};
  std::atomic<int> shed{0};
  {
    WorkerPool pool(2, queued);
    auto task = [&] {
      if (WorkerPool::shedding()) {
        ++shed;
        return;
      }
      released.wait();
      ++ran;
    };
    for (int i = 0; i < 4; ++i) pool.enqueue(task);  // 2 running, 2 waiting
    REQUIRE(eventually([&] { return queued == 2; }));
    CHECK(shed == 0);
    pool.enqueue(task);  // the fifth: shed, on this thread, before enqueue returns
    CHECK(shed == 1);
    CHECK_FALSE(WorkerPool::shedding());  // only while the shed task runs
    release.set_value();
    REQUIRE(eventually([&] { return ran == 4; }));
    pool.enqueue(task);  // room again: served
    REQUIRE(eventually([&] { return ran == 5; }));
  }
  CHECK(shed == 1);
}
