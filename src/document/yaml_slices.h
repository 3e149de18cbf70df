#pragma once
// A big YAML document read one entry at a time. Its `directories` entries
// are found from its lines (or, failing that, yaml-cpp's event parser, which
// builds nothing), and each is then read on its own (scenario/slice_trees.h):
// one small tree at a time, side by side on every core, and nothing the
// size of the whole held at once. yaml-cpp does all the reading; this only
// says where the entries lie.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace drivemock {

/// One entry of the mapping: its whole lines, as a document of its own (a
/// mapping of the one key, indented as in the file, so that it reads alike).
struct YamlSlice {
  std::string_view text;  ///< a view into the sliced text
  int first_line = 0;     ///< 0-based, in the sliced text
  std::string key;
};

struct SlicedYaml {
  /// The text without the mapping's entries; their line breaks are kept, so
  /// that everything else is where it was. The mapping's key has no value.
  std::string rest;
  std::vector<YamlSlice> entries;  ///< in the order of the text
  /// The 0-based line of the mapping's key, when found from the lines (not
  /// from yaml-cpp's events): the rest, once parsed, must hold the key there
  /// (rest_holds_key), or the text is parsed whole.
  std::optional<int> key_line;
};

/// The entries of the block mapping under the root mapping's `key`; nothing
/// when the text does not lend itself to it (invalid YAML, no such block
/// mapping, anchors, aliases or explicit tags anywhere, which may tie
/// entries to each other, or nesting deeper than kMaxYamlDepth): the caller
/// then parses the text whole, which reports what is wrong. Tries the lines
/// first, then yaml-cpp's events.
std::optional<SlicedYaml> slice_yaml(std::string_view text, std::string_view key);

/// The same from the text's lines and indentation alone, for texts laid out
/// plainly (one entry per key at one column, no tabs, CRs, multi-line quotes
/// or flow collections outside the mapping, nothing that could be an anchor,
/// alias or tag in it, nesting well within kMaxYamlDepth): a scan at memchr's
/// pace instead of yaml-cpp's scanner, which costs nearly what its parse does.
std::optional<SlicedYaml> slice_yaml_by_lines(std::string_view text, std::string_view key);

/// The same from yaml-cpp's event parser, for any layout.
std::optional<SlicedYaml> slice_yaml_by_events(std::string_view text, std::string_view key);

/// `text` with its bytes from `from` to `to` cut to their line breaks: what
/// a slicer leaves of the text once the mapping's entries are taken out
/// (SlicedYaml::rest), every other line where it was.
std::string text_without(std::string_view text, size_t from, size_t to);

}  // namespace drivemock
