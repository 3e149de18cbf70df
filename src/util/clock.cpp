#include "util/clock.h"

namespace drivemock {

const Clock& system_clock() {
  static const SystemClock clock;
  return clock;
}

}  // namespace drivemock
