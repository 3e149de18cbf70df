#include "scenario/slice_trees.h"

namespace drivemock::scenario {

document::Attempt read_slice(const YamlSlice& slice, const std::string& file) {
  auto piece = document::read_yaml_piece(slice.text, slice.first_line, file);
  if (!piece.tree) return piece;
  document::Node root = piece.tree->root();
  document::Node key = root.key(0);
  if (root.size() != 1 || key.text() != slice.key || key.line() != slice.first_line + 1) {
    return {};
  }
  return piece;
}

int key_column(const YamlSlice& slice) {
  size_t indent = slice.text.find_first_not_of(' ');
  return static_cast<int>(indent == std::string_view::npos ? 0 : indent) + 1;
}

bool rest_holds_key(document::Node rest, const SlicedYaml& sliced, std::string_view key) {
  if (!sliced.key_line) return true;
  if (!rest.is_map()) return false;
  int found = 0;
  for (auto [name, value] : document::members(rest)) {
    if (name.text() != key) continue;
    ++found;
    if (name.line() != *sliced.key_line + 1 || !value.is_null()) return false;
  }
  return found == 1;
}

}  // namespace drivemock::scenario
