#include "util/random.h"

#include <sys/random.h>

#include <cerrno>
#include <stdexcept>
#include <vector>

namespace drivemock {
namespace {

/// SplitMix64's finalizer: every input bit moves about half the output bits.
uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/// FNV-1a over the bytes, continuing from `hash`.
uint64_t fnv1a(uint64_t hash, std::string_view bytes) {
  for (unsigned char c : bytes) hash = (hash ^ c) * 0x100000001b3ULL;
  return hash;
}

/// `size` bytes from the kernel's generator (getrandom(2)): one system call
/// for a session's id or key. std::random_device opened and probed its source
/// per object, and cost a session's open more than the rest of it.
void kernel_random(unsigned char* out, size_t size) {
  while (size > 0) {
    ssize_t got = getrandom(out, size, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("getrandom failed: the kernel gave no random bytes");
    }
    out += got;
    size -= static_cast<size_t>(got);
  }
}

}  // namespace

std::string seed_range_error(uint64_t seed) {
  return "seed " + std::to_string(seed) + " is out of range; expected a whole number from 0 to " +
         std::to_string(kMaxSeed) + " (JSON numbers past 2^53 - 1 lose digits in JavaScript)";
}

uint64_t fresh_seed() {
  uint64_t bits = 0;
  kernel_random(reinterpret_cast<unsigned char*>(&bits), sizeof bits);
  return bits & kMaxSeed;
}

std::string random_hex(size_t bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::vector<unsigned char> raw(bytes);
  kernel_random(raw.data(), raw.size());
  std::string out;
  out.reserve(bytes * 2);
  for (unsigned char byte : raw) {
    out += kDigits[byte >> 4];
    out += kDigits[byte & 0xf];
  }
  return out;
}

uint64_t stream_key(uint64_t seed, std::string_view uuid, std::string_view operation) {
  uint64_t hash = fnv1a(0xcbf29ce484222325ULL, uuid);
  hash = fnv1a(hash ^ 0xff, operation);  // keeps ("ab", "c") apart from ("a", "bc")
  return mix(seed ^ mix(hash));
}

uint64_t stream_bits(uint64_t key, uint64_t n) {
  return mix(key + (n + 1) * 0x9e3779b97f4a7c15ULL);
}

double unit_interval(uint64_t bits) {
  return static_cast<double>(bits >> 11) * 0x1.0p-53;
}

}  // namespace drivemock
