#include "util/fd_wait.h"

#include <poll.h>

#include <algorithm>
#include <cerrno>

namespace drivemock {

FdWait wait_fd(int fd, short events, int stop_fd, std::chrono::steady_clock::time_point deadline) {
  using std::chrono::milliseconds;
  pollfd fds[2] = {{fd, events, 0}, {stop_fd, POLLIN, 0}};
  nfds_t count = stop_fd >= 0 ? 2 : 1;
  for (;;) {
    auto left =
        std::chrono::duration_cast<milliseconds>(deadline - std::chrono::steady_clock::now());
    int ready = ::poll(fds, count, static_cast<int>(std::max<int64_t>(0, left.count())));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) return FdWait::failed;
    if (ready == 0) return FdWait::timeout;
    if (count == 2 && fds[1].revents != 0) return FdWait::stopped;
    return FdWait::ready;
  }
}

}  // namespace drivemock
