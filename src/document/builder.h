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

class Builder {
 public:
  /// Opens a map or a sequence; false (nothing opened) past kMaxDepth.
  bool open(Kind kind, int line, int column);
  /// Closes the innermost one; for a map that gives a key twice, where the
  /// first repeat is (a reader of the tree would see one of the two only).
  std::optional<Repeated> close();
  void scalar(Kind kind, std::string_view text, int line, int column);
  /// True when the next value added is a key of the map open around it.
  bool at_key() const;
  /// The tree, once every container is closed.
  Tree finish();

 private:
  uint32_t add(Kind kind, int line, int column);
  std::string_view text_of(uint32_t cell) const;
  /// The earliest key of the map whose children start at pending_[first]
  /// that an earlier key of it repeats.
  std::optional<Repeated> repeated_key(size_t first) const;
  Tree tree_;
  std::vector<uint32_t> pending_;  ///< children of the open containers, in order
  struct Open {
    uint32_t cell;
    size_t first;  ///< its first child in pending_
  };
  std::vector<Open> open_;
};

}  // namespace drivemock::document
