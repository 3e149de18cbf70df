#include "document/tree.h"

#include <algorithm>

#include "document/builder.h"
#include "document/reader.h"

namespace drivemock::document {

Kind Node::kind() const {
  return tree_->cell(index_).kind;
}

bool Node::is_scalar() const {
  if (!tree_) return false;
  Kind k = kind();
  return k == Kind::string || k == Kind::number || k == Kind::boolean;
}

std::string_view Node::text() const {
  if (!tree_) return {};
  const auto& c = tree_->cell(index_);
  return std::string_view(tree_->text_).substr(c.at, c.size);
}

size_t Node::size() const {
  if (!tree_) return 0;
  const auto& c = tree_->cell(index_);
  return c.kind == Kind::map || c.kind == Kind::sequence ? c.size : 0;
}

Node Node::operator[](size_t i) const {
  if (i >= size()) return {};
  const auto& c = tree_->cell(index_);
  size_t link = c.at + (c.kind == Kind::map ? 2 * i + 1 : i);
  return Node(tree_, tree_->links_[link]);
}

Node Node::key(size_t i) const {
  if (!is_map() || i >= size()) return {};
  return Node(tree_, tree_->links_[tree_->cell(index_).at + 2 * i]);
}

Node Node::member(std::string_view name) const {
  if (!is_map()) return {};
  const auto& c = tree_->cell(index_);
  for (uint32_t i = 0; i < c.size; ++i) {
    if (Node(tree_, tree_->links_[c.at + 2 * i]).text() == name) {
      return Node(tree_, tree_->links_[c.at + 2 * i + 1]);
    }
  }
  return {};
}

int Node::line() const {
  return tree_ ? static_cast<int>(tree_->cell(index_).line) : 0;
}

int Node::column() const {
  return tree_ ? static_cast<int>(tree_->cell(index_).column) : 0;
}

Builder::Builder(size_t text_bytes)
    : most_bytes_(kTreeFloorBytes + kTreeBytesPerTextByte * text_bytes) {
  // Room for as much as the bound lets the tree hold, reserved (not
  // touched, so not resident) up front: a vector that doubles holds its old
  // copy and its new one at once, which would be the read's peak. Not for
  // small texts (a big file's slices, pushes), whose trees are small.
  if (text_bytes < kTreeFloorBytes) return;
  size_t most_values = most_bytes_ / (sizeof(Tree::Cell) + sizeof(uint32_t));
  tree_.cells_.reserve(most_values);
  tree_.links_.reserve(most_values);
  pending_.reserve(most_values);
  // A value's text is never longer than where it is written.
  tree_.text_.reserve(text_bytes);
}

uint32_t Builder::add(Kind kind, int line, int column) {
  auto index = static_cast<uint32_t>(tree_.cells_.size());
  Tree::Cell cell;
  cell.kind = kind;
  cell.line = static_cast<uint32_t>(line);
  cell.column = static_cast<uint32_t>(column);
  tree_.cells_.push_back(cell);
  if (!open_.empty()) pending_.push_back(index);
  return index;
}

bool Builder::open(Kind kind, int line, int column) {
  if (open_.size() >= static_cast<size_t>(kMaxDepth)) return false;
  uint32_t cell = add(kind, line, column);
  open_.push_back({cell, pending_.size()});
  return true;
}

std::string_view Builder::text_of(uint32_t cell) const {
  const auto& c = tree_.cells_[cell];
  return std::string_view(tree_.text_).substr(c.at, c.size);
}

std::optional<Repeated> Builder::repeated_key(size_t first) const {
  size_t keys = (pending_.size() - first) / 2;
  if (keys < 2) return std::nullopt;
  std::vector<uint32_t> order;
  order.reserve(keys);
  for (size_t k = 0; k < keys; ++k) order.push_back(pending_[first + 2 * k]);
  // By text, then in document order (cells are added in it): equal keys
  // end up side by side, the earlier first.
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    std::string_view ta = text_of(a), tb = text_of(b);
    return ta != tb ? ta < tb : a < b;
  });
  std::optional<std::pair<uint32_t, uint32_t>> found;  // (first, repeat), the earliest repeat
  for (size_t i = 1; i < order.size(); ++i) {
    if (text_of(order[i]) != text_of(order[i - 1])) continue;
    if (!found || order[i] < found->second) found = std::make_pair(order[i - 1], order[i]);
  }
  if (!found) return std::nullopt;
  const auto& once = tree_.cells_[found->first];
  const auto& again = tree_.cells_[found->second];
  return Repeated{static_cast<int>(again.line), static_cast<int>(again.column),
                  repeated_key_message(text_of(found->second), static_cast<int>(once.line),
                                       static_cast<int>(once.column))};
}

std::optional<Repeated> Builder::close() {
  Open done = open_.back();
  std::optional<Repeated> repeated;
  if (tree_.cells_[done.cell].kind == Kind::map) repeated = repeated_key(done.first);
  open_.pop_back();
  auto& cell = tree_.cells_[done.cell];
  cell.at = static_cast<uint32_t>(tree_.links_.size());
  size_t children = pending_.size() - done.first;
  cell.size = static_cast<uint32_t>(cell.kind == Kind::map ? children / 2 : children);
  tree_.links_.insert(tree_.links_.end(),
                      pending_.begin() + static_cast<std::ptrdiff_t>(done.first), pending_.end());
  pending_.resize(done.first);
  return repeated;
}

void Builder::scalar(Kind kind, std::string_view text, int line, int column) {
  uint32_t cell = add(kind, line, column);
  tree_.cells_[cell].at = static_cast<uint32_t>(tree_.text_.size());
  tree_.cells_[cell].size = static_cast<uint32_t>(text.size());
  tree_.text_.append(text);
}

bool Builder::at_key() const {
  if (open_.empty()) return false;
  const Open& around = open_.back();
  return tree_.cells_[around.cell].kind == Kind::map && (pending_.size() - around.first) % 2 == 0;
}

bool Builder::full() const {
  // Sizes, not capacities: a vector's room not yet written to is not
  // resident; while one grows, its copy is (the bound leaves room for that).
  size_t held = tree_.cells_.size() * sizeof(Tree::Cell) +
                (tree_.links_.size() + pending_.size()) * sizeof(uint32_t) + tree_.text_.size() +
                charged_;
  return held > most_bytes_;
}

Tree Builder::finish() {
  // Not shrunk to fit: a copy of each array would be the load's peak.
  return std::move(tree_);
}

}  // namespace drivemock::document
