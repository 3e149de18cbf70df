#pragma once
// Work spread over the machine's cores, for start-up and reload work that is
// independent per item (parsing one scenario file per core).

#include <cstddef>
#include <functional>

namespace drivemock {

/// How many workers parallel_for uses for `items` items: one per core, at
/// most one per item, at least one.
size_t worker_count(size_t items);

/// normal: the caller's thread works too. background: the work runs only on
/// threads at nice 19 in Linux's batch class (SCHED_BATCH: they never preempt
/// a request thread that wakes), on one core fewer than the machine has when
/// it has several; the caller waits. Not the idle class (SCHED_IDLE), which
/// kept requests' p99 lower but starved a push for as long as the machine
/// stayed busy (a test's push timed out beside the soak test), and which an
/// unprivileged thread cannot leave again.
enum class Priority { normal, background };

/// Calls work(index, worker) once for every index in [0, items), on
/// worker_count(items) threads; `worker` numbers the thread, from 0, so that
/// each can keep its own scratch state. Returns when every call has.
void parallel_for(size_t items, const std::function<void(size_t index, size_t worker)>& work,
                  Priority priority = Priority::normal);

/// Calls work() at `priority`: normal, on the calling thread; background, on
/// one thread at that priority while the caller waits. Threads that work
/// starts inherit the priority (Linux gives a new thread its creator's policy
/// and nice value), so a whole change (parse, build, free, trim) yields to
/// requests, not only its parse.
void run_at(Priority priority, const std::function<void()>& work);

}  // namespace drivemock
