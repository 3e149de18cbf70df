#include "cli/open_files.h"

#include <sys/resource.h>

#include <algorithm>

namespace drivemock::cli {
namespace {

/// Descriptors kept for everything but connections: the journal and log
/// files, scenario files being read, eventfds, the upstream's sockets.
constexpr size_t kReserved = 256;
/// A connection may wait as well as run (http/worker_pool.h), and a proxy's
/// tunnel holds two descriptors.
constexpr size_t kPerThread = 2 * 2;

}  // namespace

OpenFiles fit_open_files(size_t threads, size_t listeners) {
  OpenFiles out{0, threads};
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return out;
  if (limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    raised.rlim_cur = limit.rlim_max;
    if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  out.limit = limit.rlim_cur == RLIM_INFINITY ? SIZE_MAX : static_cast<size_t>(limit.rlim_cur);
  size_t needed = kReserved + listeners * threads * kPerThread;
  if (needed <= out.limit) return out;
  size_t room = out.limit > kReserved ? out.limit - kReserved : 0;
  out.threads = std::max<size_t>(1, room / (std::max<size_t>(1, listeners) * kPerThread));
  out.warning = "drivemock: the open-files limit is " + std::to_string(out.limit) +
                " (hard), too " + "few for " + std::to_string(threads) +
                " connections on each of " + std::to_string(listeners) + " listener(s): serving " +
                std::to_string(out.threads) + " at once on each; raise it with ulimit -Hn or " +
                "lower --threads";
  return out;
}

}  // namespace drivemock::cli
