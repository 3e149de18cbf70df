#pragma once
// Building a Tree from a parser's events, in document order (private to
// document/): each value is added to the container open around it, and a
// container's children are laid out together when it closes, so that a
// tree is three flat arrays however it nests.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "document/tree.h"

namespace drivemock::document {

/// A key given twice in one map: where the second is, and what to say.
struct Repeated {
  int line = 1;
  int column = 1;
  std::string message;
};

/// What a tree may hold for each byte of its text, past kTreeFloorBytes:
/// with the text itself and what reading it takes besides, reading a
/// document holds at most ten times its size (docs/security.md). A value
/// takes a 20-byte cell and a 4-byte link (and yaml-cpp's scanner 48 bytes
/// for a block collection), so a text must average some four bytes a value:
/// long lists of one-character values are refused (`[1,1,1,...]`); the
/// scenario sets bench/generate-scenarios writes hold 3 to 4.5 times.
constexpr size_t kTreeBytesPerTextByte = 6;
constexpr size_t kTreeFloorBytes = size_t{1} << 20;

class Builder {
 public:
  /// A builder of the tree of a `text_bytes`-byte text.
  explicit Builder(size_t text_bytes);
  /// Opens a map or a sequence; false (nothing opened) past kMaxDepth.
  bool open(Kind kind, int line, int column);
  /// Closes the innermost one; for a map that gives a key twice, where the
  /// first repeat is (a reader of the tree would see one of the two only).
  std::optional<Repeated> close();
  void scalar(Kind kind, std::string_view text, int line, int column);
  /// True when the next value added is a key of the map open around it.
  bool at_key() const;
  /// Counts `bytes` that the reader holds besides the tree (yaml-cpp's
  /// scanner keeps some for each block collection) against the same bound.
  void charge(size_t bytes) { charged_ += bytes; }
  /// True once the tree (and what was charged) holds more than its text's
  /// size allows; the reader then refuses the text (size_refusal) where it is.
  bool full() const;
  /// The tree, once every container is closed.
  Tree finish();

 private:
  uint32_t add(Kind kind, int line, int column);
  std::string_view text_of(uint32_t cell) const;
  /// The earliest key of the map whose children start at pending_[first]
  /// that an earlier key of it repeats.
  std::optional<Repeated> repeated_key(size_t first) const;
  size_t most_bytes_;
  size_t charged_ = 0;
  Tree tree_;
  std::vector<uint32_t> pending_;  ///< children of the open containers, in order
  struct Open {
    uint32_t cell;
    size_t first;  ///< its first child in pending_
  };
  std::vector<Open> open_;
};

}  // namespace drivemock::document
