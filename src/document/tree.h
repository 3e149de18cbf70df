#pragma once
// Every document drivemock reads (a scenario set, an OpenAPI document, a
// pact) read once into a compact tree: JSON text through RapidJSON's
// iterative reader, YAML text through yaml-cpp's event parser, neither
// building a tree of its own. yaml-cpp's node tree, which these documents
// were read into before, held 30 to 235 times the document's size and took
// 1.7 to 2.7 times its own parse to read (issues 56, 72); this tree holds a
// few times the size, and at most six (builder.h): more is refused. Every value keeps its
// line and column for diagnostics. Nesting is bounded (kMaxDepth), so that
// nothing reading the tree recurses deeper; YAML aliases are refused.
//
// Scalars are typed as JSON types them: a JSON document's as written, a YAML
// document's plain scalars the YAML 1.2 core way (true, null, 12), quoted
// ones as strings. A number's text is as JSON writes it.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "document/diagnostic.h"

namespace drivemock::document {

/// The most nested mappings and lists a document may have (json::kMaxDepth).
constexpr int kMaxDepth = 64;

enum class Kind : uint8_t { null, boolean, number, string, map, sequence };

class Tree;

/// One value of a tree, or none (a member that is not there: false in `if`).
/// A handle: cheap to copy, valid while its tree is.
class Node {
 public:
  Node() = default;

  explicit operator bool() const { return tree_ != nullptr; }
  Kind kind() const;
  bool is_map() const { return tree_ && kind() == Kind::map; }
  bool is_sequence() const { return tree_ && kind() == Kind::sequence; }
  bool is_null() const { return tree_ && kind() == Kind::null; }
  bool is_string() const { return tree_ && kind() == Kind::string; }
  /// A string, number or boolean (null is not a scalar, as in yaml-cpp).
  bool is_scalar() const;

  /// A scalar's text: a string's value, a number as JSON writes it, "true"
  /// or "false"; empty for anything else.
  std::string_view text() const;
  /// The members of a map or the items of a sequence; 0 for anything else.
  size_t size() const;
  /// The i-th item of a sequence, or the i-th value of a map.
  Node operator[](size_t i) const;
  /// The i-th key of a map.
  Node key(size_t i) const;
  /// The value under `key` in a map (the first, should the key be repeated).
  Node member(std::string_view key) const;

  /// 1-based, where the value starts.
  int line() const;
  int column() const;

 private:
  friend class Tree;
  Node(const Tree* tree, uint32_t index) : tree_(tree), index_(index) {}
  const Tree* tree_ = nullptr;
  uint32_t index_ = 0;
};

/// A map's members, in order: `for (auto [key, value] : members(node))`.
/// Nothing for anything but a map.
class Members {
 public:
  explicit Members(Node map) : map_(map.is_map() ? map : Node()) {}
  struct Iterator {
    Node map;
    size_t i;
    std::pair<Node, Node> operator*() const { return {map.key(i), map[i]}; }
    Iterator& operator++() { return ++i, *this; }
    bool operator!=(const Iterator& other) const { return i != other.i; }
  };
  Iterator begin() const { return {map_, 0}; }
  Iterator end() const { return {map_, map_.size()}; }

 private:
  Node map_;
};

/// A sequence's items, in order: `for (Node item : items(node))`. Nothing
/// for anything but a sequence.
class Items {
 public:
  explicit Items(Node list) : list_(list.is_sequence() ? list : Node()) {}
  struct Iterator {
    Node list;
    size_t i;
    Node operator*() const { return list[i]; }
    Iterator& operator++() { return ++i, *this; }
    bool operator!=(const Iterator& other) const { return i != other.i; }
  };
  Iterator begin() const { return {list_, 0}; }
  Iterator end() const { return {list_, list_.size()}; }

 private:
  Node list_;
};

inline Members members(Node map) {
  return Members(map);
}
inline Items items(Node list) {
  return Items(list);
}

/// A document's values. Move-only: its nodes refer to it.
class Tree {
 public:
  Tree() = default;
  Tree(Tree&&) = default;
  Tree& operator=(Tree&&) = default;
  Tree(const Tree&) = delete;
  Tree& operator=(const Tree&) = delete;

  /// The document's top value (null for an empty document).
  Node root() const { return cells_.empty() ? Node() : Node(this, 0); }

 private:
  friend class Node;
  friend class Builder;
  /// 20 bytes: a scalar's text and a container's children share fields.
  struct Cell {
    uint32_t at = 0;    ///< a scalar's text in text_, or a container's first child in links_
    uint32_t size = 0;  ///< the text's bytes, or the items (members: two links each)
    uint32_t line = 0;
    uint32_t column = 0;
    Kind kind = Kind::null;
  };
  const Cell& cell(uint32_t i) const { return cells_[i]; }
  std::vector<Cell> cells_;
  std::vector<uint32_t> links_;
  std::string text_;
};

/// The tree of `text`: JSON when it starts (after white space) with `{` or
/// `[` and reads as JSON, else YAML (JSON that does not read as JSON is read
/// as YAML, whose flow style it may be, unless it ends before its JSON does
/// or is over 1 MiB: yaml-cpp holds some 70 times a flow collection's
/// text, where the JSON reader's error says where). Nothing, with a positioned error
/// in `diagnostics`, for text that is neither, or nests too deep, or holds
/// an alias or a key that is not a scalar.
std::optional<Tree> read_tree(std::string_view text, const std::string& file,
                              Diagnostics& diagnostics);

/// What a read gave: the tree; or the positioned error that says why not;
/// or neither, when another reader may do better (read_yaml_piece).
struct Attempt {
  std::optional<Tree> tree;
  std::optional<Diagnostic> error;
};

/// A piece of a bigger YAML file, which starts at the file's line
/// `first_line` (0-based), read with its lines counted in the whole file:
/// its tree; or the error when it reads as YAML but is refused (a key given
/// twice, an alias, nesting too deep); or neither, when it does not read as
/// YAML (the whole file's read says where).
Attempt read_yaml_piece(std::string_view text, int first_line, const std::string& file);

}  // namespace drivemock::document
