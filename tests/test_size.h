#pragma once

// How big a test's generated input is in this build. Sanitized builds (ASan,
// TSan) run each loop at a fifth of its size: memory errors and races show at
// any size, and the full sizes, which guard against quadratic work, run in
// the release build (their timings are make bench's, never a test's).
namespace drivemock::test {

#ifdef DRIVEMOCK_SANITIZED
inline constexpr int kSizeDivisor = 5;
#else
inline constexpr int kSizeDivisor = 1;
#endif

constexpr int sized(int full) {
  return full / kSizeDivisor;
}

}  // namespace drivemock::test
