#pragma once
// Building a Tree from a parser's events, in document order (private to
// document/): each value is added to the container open around it, and a
// container's children are laid out together when it closes, so that a
// tree is three flat arrays however it nests.

#include <string_view>
#include <vector>

#include "document/tree.h"

namespace drivemock::document {

class Builder {
 public:
  /// Opens a map or a sequence; false (nothing opened) past kMaxDepth.
  bool open(Kind kind, int line, int column);
  void close();
  void scalar(Kind kind, std::string_view text, int line, int column);
  /// True when the next value added is a key of the map open around it.
  bool at_key() const;
  /// The tree, once every container is closed.
  Tree finish();

 private:
  uint32_t add(Kind kind, int line, int column);
  Tree tree_;
  std::vector<uint32_t> pending_;  ///< children of the open containers, in order
  struct Open {
    uint32_t cell;
    size_t first;  ///< its first child in pending_
  };
  std::vector<Open> open_;
};

}  // namespace drivemock::document
