#include "document/tree.h"

#include "document/builder.h"

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
  return std::string_view(tree_->text_).substr(c.text_at, c.text_size);
}

size_t Node::size() const {
  if (!tree_) return 0;
  const auto& c = tree_->cell(index_);
  return c.kind == Kind::map || c.kind == Kind::sequence ? c.count : 0;
}

Node Node::operator[](size_t i) const {
  if (i >= size()) return {};
  const auto& c = tree_->cell(index_);
  size_t link = c.first + (c.kind == Kind::map ? 2 * i + 1 : i);
  return Node(tree_, tree_->links_[link]);
}

Node Node::key(size_t i) const {
  if (!is_map() || i >= size()) return {};
  return Node(tree_, tree_->links_[tree_->cell(index_).first + 2 * i]);
}

Node Node::member(std::string_view name) const {
  if (!is_map()) return {};
  const auto& c = tree_->cell(index_);
  for (uint32_t i = 0; i < c.count; ++i) {
    if (Node(tree_, tree_->links_[c.first + 2 * i]).text() == name) {
      return Node(tree_, tree_->links_[c.first + 2 * i + 1]);
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

void Builder::close() {
  Open done = open_.back();
  open_.pop_back();
  auto& cell = tree_.cells_[done.cell];
  cell.first = static_cast<uint32_t>(tree_.links_.size());
  size_t children = pending_.size() - done.first;
  cell.count = static_cast<uint32_t>(cell.kind == Kind::map ? children / 2 : children);
  tree_.links_.insert(tree_.links_.end(),
                      pending_.begin() + static_cast<std::ptrdiff_t>(done.first), pending_.end());
  pending_.resize(done.first);
}

void Builder::scalar(Kind kind, std::string_view text, int line, int column) {
  uint32_t cell = add(kind, line, column);
  tree_.cells_[cell].text_at = static_cast<uint32_t>(tree_.text_.size());
  tree_.cells_[cell].text_size = static_cast<uint32_t>(text.size());
  tree_.text_.append(text);
}

bool Builder::at_key() const {
  if (open_.empty()) return false;
  const Open& around = open_.back();
  return tree_.cells_[around.cell].kind == Kind::map && (pending_.size() - around.first) % 2 == 0;
}

Tree Builder::finish() {
  // Not shrunk to fit: a copy of each array would be the load's peak.
  return std::move(tree_);
}

}  // namespace drivemock::document
