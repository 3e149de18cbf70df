#pragma once
// Randomness that replays: every number is a pure function of a stream's key
// and its position in the stream, so the same seed and the same calls per
// stream give the same numbers, whatever other streams did meanwhile and
// whatever thread asks. No generator state is shared between threads.

#include <cstdint>
#include <string>
#include <string_view>

namespace drivemock {

/// The largest seed: seeds travel as JSON numbers, and a JavaScript client
/// reads those as doubles, exact only up to 2^53 - 1.
constexpr uint64_t kMaxSeed = (uint64_t{1} << 53) - 1;

/// Why `seed` cannot be one: what it is and what was expected.
std::string seed_range_error(uint64_t seed);

/// A seed from the system's entropy source, at most kMaxSeed.
uint64_t fresh_seed();

/// `bytes` bytes from the system's entropy source, as lower-case hex: ids
/// and keys a caller must not be able to guess.
std::string random_hex(size_t bytes);

/// The key of the stream for one uuid and operation under `seed`.
uint64_t stream_key(uint64_t seed, std::string_view uuid, std::string_view operation);

/// The `n`-th number (from 0) of the stream `key`: 64 well-mixed bits.
uint64_t stream_bits(uint64_t key, uint64_t n);

/// 64 random bits as a double in [0, 1).
double unit_interval(uint64_t bits);

}  // namespace drivemock
