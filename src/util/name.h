#pragma once
// Name: an immutable short string (an operation's, a scenario's, a state's)
// in 8 bytes instead of std::string's 32. Journal entries keep three of them
// each, 100,000 entries at a time, and a request's names come from a few
// dozen that scenarios and the operation catalog define.
//
// A name is interned for the process: the first Name of a text stores it in
// a table kept for good, and every later Name of that text points at it, so
// copying one is copying a pointer (no reference count for threads to fight
// over). The table is bounded, since names come from pushed scenario text:
// past kMostInterned names, or for a text over kMostInternedBytes, a Name
// owns a copy of its own instead (and copying it copies the text).

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

namespace drivemock {

class Name {
 public:
  static constexpr size_t kMostInterned = 65536;
  static constexpr size_t kMostInternedBytes = 256;

  Name() = default;
  Name(std::string_view text);                                     // NOLINT: a name is its text
  Name(const std::string& text) : Name(std::string_view(text)) {}  // NOLINT
  Name(const char* text) : Name(std::string_view(text)) {}         // NOLINT
  Name(const Name& other);
  Name(Name&& other) noexcept : text_(other.text_) { other.text_ = 0; }
  Name& operator=(const Name& other);
  Name& operator=(Name&& other) noexcept;
  ~Name() { release(); }

  const std::string& str() const {
    static const std::string kEmpty;
    return text_ ? *reinterpret_cast<const std::string*>(text_ & ~kOwned) : kEmpty;
  }
  operator const std::string&() const { return str(); }  // NOLINT
  operator std::string_view() const { return str(); }    // NOLINT
  bool empty() const { return str().empty(); }
  size_t size() const { return str().size(); }
  const char* c_str() const { return str().c_str(); }
  const char* data() const { return str().data(); }

  friend bool operator==(const Name& a, const Name& b) {
    return a.text_ == b.text_ || a.str() == b.str();
  }
  friend bool operator==(const Name& a, std::string_view b) { return a.str() == b; }
  friend bool operator==(const Name& a, const std::string& b) { return a.str() == b; }
  friend bool operator==(const Name& a, const char* b) { return a.str() == b; }
  friend auto operator<=>(const Name& a, const Name& b) { return a.str() <=> b.str(); }
  friend std::ostream& operator<<(std::ostream& out, const Name& n) { return out << n.str(); }

  /// How many names are interned now (for tests of the bound).
  static size_t interned();

 private:
  /// The low bit of text_ marks a text this Name owns (a std::string is
  /// aligned, so the bit is free); 0 is the empty name.
  static constexpr uintptr_t kOwned = 1;
  void release();

  uintptr_t text_ = 0;
};

}  // namespace drivemock

template <>
struct std::hash<drivemock::Name> {
  size_t operator()(const drivemock::Name& n) const { return std::hash<std::string>()(n.str()); }
};
