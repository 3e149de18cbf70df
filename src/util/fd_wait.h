#pragma once
// Waiting on a socket as every loop of drivemock does: for some events,
// until a deadline, and no longer than the server runs (its stop descriptor,
// an eventfd, becomes readable when it stops).

#include <chrono>

namespace drivemock {

enum class FdWait { ready, timeout, stopped, failed };

/// Waits for `events` (POLLIN, POLLOUT) on `fd` until `deadline`; `stopped`
/// as soon as `stop_fd` is readable (none when it is -1). An interrupted
/// wait goes on to the same deadline.
FdWait wait_fd(int fd, short events, int stop_fd, std::chrono::steady_clock::time_point deadline);

}  // namespace drivemock
