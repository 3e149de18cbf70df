#pragma once
// ASCII text helpers: HTTP header names and similar tokens compare without
// regard to case, whatever the C locale says.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace drivemock {

/// `c` lower-cased when an ASCII letter: ASCII only, whatever the C locale
/// says, as header names and uuids are ASCII.
inline char ascii_lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

/// Case-insensitive ASCII comparison of two strings of the same length.
bool iequals_same_size(std::string_view a, std::string_view b);

/// Case-insensitive ASCII comparison, as HTTP header names compare. Inline:
/// a header lookup compares every name, and most differ in length.
inline bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && iequals_same_size(a, b);
}

/// `s` without the `blanks` it starts and ends with (spaces, unless told).
std::string_view trimmed(std::string_view s, std::string_view blanks = " ");

/// `s` with ASCII letters lower-cased.
std::string ascii_lowercase(std::string_view s);

/// `text` cut to at most `limit` bytes on a UTF-8 character boundary, saying
/// at its end how long it was when it is cut: for client text kept in memory.
std::string shortened(std::string_view text, size_t limit);

/// True when `s` holds a control character: a byte below 0x20, DEL, or a C1
/// control (U+0080 to U+009F) in UTF-8.
bool has_control(std::string_view s);

/// `s` with each control character written out: `\x1b` for a byte, `\u009b`
/// for a C1 control, so that it prints as one line of plain text.
std::string escape_controls(std::string_view s);

/// escape_controls of each line of `s`, its line breaks kept: text of many
/// lines (drift's) that quotes what a client, an upstream or a file held.
std::string escape_lines(std::string_view s);

/// `s` as a whole number when it is one, digits only and in range (a query
/// parameter, an entry id); else nullopt.
std::optional<uint64_t> whole_number(std::string_view s);

}  // namespace drivemock
