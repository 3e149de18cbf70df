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
/// threads of the lowest scheduling priority (nice 19), so that a server's
/// request threads, on the same cores, go first; the caller waits.
enum class Priority { normal, background };

/// Calls work(index, worker) once for every index in [0, items), on
/// worker_count(items) threads; `worker` numbers the thread, from 0, so that
/// each can keep its own scratch state. Returns when every call has.
void parallel_for(size_t items, const std::function<void(size_t index, size_t worker)>& work,
                  Priority priority = Priority::normal);

}  // namespace drivemock
