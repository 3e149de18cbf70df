#pragma once
// Header lines (a name and its value) interned for the whole process, so that
// a journal entry keeps a 4-byte id for a line it shares with other requests
// instead of the line's bytes. A client sends the same Accept, User-Agent,
// Content-Type and Host on every call (the official SDK does), and the
// journal keeps 100,000 entries: those lines were most of an entry's bytes.
//
// Bounded, because any client chooses its header lines: at most kCapacity
// lines are ever interned, each at most kMostNameBytes and kMostValueBytes
// (a longer value, a per-request checksum, is kept in its entry instead).
// When the table is full a new line is kept in its entry too: a client that
// sends a fresh value on every call costs the table at most about 1 MiB, and
// itself the bytes it sent. Values are interned as journaled, so a secret
// header's value is "***" here: no secret is kept beyond its entries.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace drivemock::header_lines {

inline constexpr uint32_t kCapacity = 4096;
inline constexpr size_t kMostNameBytes = 64;
inline constexpr size_t kMostValueBytes = 96;

/// The id of the line `name: value`, interned if it is new and fits; nullopt
/// when it is too long or the table is full. `position` is the line's place
/// among its request's headers: a thread remembers the line it last asked
/// for at each place, and a client sends the same lines in the same order
/// on every call of a connection, which one thread serves. Asking for that
/// line again takes no lock.
std::optional<uint32_t> intern(std::string_view name, std::string_view value, size_t position);

struct Line {
  std::string_view name;
  std::string_view value;
};
/// The line with that id (an id intern returned): valid for the process's life.
Line line(uint32_t id);

/// How many lines are interned (for tests of the bound).
uint32_t size();

}  // namespace drivemock::header_lines
