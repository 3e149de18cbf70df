#include "util/clock.h"

#include <ctime>

namespace drivemock {

const Clock& system_clock() {
  static const SystemClock clock;
  return clock;
}

double thread_cpu_ms() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

}  // namespace drivemock
