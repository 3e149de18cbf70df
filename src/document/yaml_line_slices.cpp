// slice_yaml_by_lines (document/yaml_slices.h): the entries of a block mapping
// found from the text's lines and indentation, without yaml-cpp's scanner,
// which costs nearly as much as the parse that follows (its event pass took
// 0.89x of YAML::Load of the same file). Every rule here errs towards "not
// sliced": the event slicer, then the whole parse, take what it declines.
#include <algorithm>
#include <cstdint>
#include <optional>

#include "document/yaml_shape.h"
#include "document/yaml_slices.h"

namespace drivemock {
namespace {

/// One line of the text, without its line break: 8 bytes a line.
struct Line {
  uint32_t start = 0;
  uint32_t size = 0;
};

/// The lines of a text are found for texts whose lines average this many
/// bytes or more: their list then holds at most the text's size.
constexpr size_t kLeastAverageLine = 8;

size_t indentation(std::string_view line) {
  return std::min(line.find_first_not_of(' '), line.size());
}

/// Nothing but spaces, or spaces and a comment.
bool blank_or_comment(std::string_view line) {
  size_t first = indentation(line);
  return first == line.size() || line[first] == '#';
}

/// `key:` alone at the start of the line, or followed by spaces and a comment.
bool is_key_line(std::string_view line, std::string_view key) {
  if (!line.starts_with(key) || line.substr(key.size(), 1) != ":") return false;
  return blank_or_comment(line.substr(key.size() + 1));
}

/// What one pass over an entry's text counts: its quotes and brackets.
struct Counts {
  size_t double_quotes = 0, single_quotes = 0;
  size_t open_square = 0, close_square = 0, open_curly = 0, close_curly = 0;
  size_t opened() const { return open_square + open_curly; }
};

Counts counts_of(std::string_view text) {
  Counts n;
  for (char c : text) {
    switch (c) {
      case '"': ++n.double_quotes; break;
      case '\'': ++n.single_quotes; break;
      case '[': ++n.open_square; break;
      case ']': ++n.close_square; break;
      case '{': ++n.open_curly; break;
      case '}': ++n.close_curly; break;
      default: break;
    }
  }
  return n;
}

/// Quotes and brackets closed within the text itself: it holds no
/// multi-line quoted scalar or flow collection that the lines after it
/// continue.
bool closed_on_its_own(const Counts& n) {
  return n.double_quotes % 2 == 0 && n.single_quotes % 2 == 0 && n.open_square == n.close_square &&
         n.open_curly == n.close_curly;
}

bool closed_on_its_own(std::string_view line) {
  return closed_on_its_own(counts_of(line));
}

/// A node property (anchor &, alias *, tag !) may only open a node: after a
/// line's start or an indicator, spaces aside. Errs towards yes: a quoted
/// "a, &b" counts too.
bool may_hold_properties(std::string_view text) {
  constexpr std::string_view kOpeners = ":-?[{,";
  char before = '\n';  // the last character that is not a space
  for (char c : text) {
    if ((c == '&' || c == '*' || c == '!') &&
        (before == '\n' || kOpeners.find(before) != std::string_view::npos)) {
      return true;
    }
    if (c != ' ') before = c;
  }
  return false;
}

/// A bound on how deeply an entry nests in the document: the root is one
/// level, each level of a block below it needs a column of indentation or an
/// indicator on its line, each flow level a bracket (`opened`, counted over
/// the entry). Over kMaxYamlDepth, the event slicer counts exactly.
bool shallow_enough(std::string_view entry, size_t opened) {
  size_t deepest_line = 0;
  for (size_t at = 0; at < entry.size();) {
    size_t stop = std::min(entry.find('\n', at), entry.size());
    std::string_view text = entry.substr(at, stop - at);
    at = stop + 1;
    size_t indent = indentation(text);
    size_t indicators = 0;
    for (char c : text.substr(indent)) indicators += c == '-' || c == '?' || c == ':';
    deepest_line = std::max(deepest_line, indent + indicators);
  }
  return 1 + opened + deepest_line <= static_cast<size_t>(kMaxYamlDepth);
}

/// The key an entry's first line opens with, as yaml-cpp reads it: a plain
/// scalar, or a quoted one without escapes; nothing for any other.
std::optional<std::string> entry_key(std::string_view line) {
  line.remove_prefix(indentation(line));
  if (line.empty()) return std::nullopt;
  auto key_then_colon = [](std::string_view key, std::string_view after) {
    size_t colon = std::min(after.find_first_not_of(' '), after.size());
    bool ends = colon < after.size() && after[colon] == ':' &&
                (colon + 1 == after.size() || after[colon + 1] == ' ');
    return ends ? std::optional<std::string>(key) : std::nullopt;
  };
  char quote = line[0];
  if (quote == '"' || quote == '\'') {
    size_t close = line.find(quote, 1);
    if (close == std::string_view::npos) return std::nullopt;
    std::string_view key = line.substr(1, close - 1);
    if (key.find('\\') != std::string_view::npos || line.substr(close + 1, 1) == "'") {
      return std::nullopt;  // escapes, or '' in a single-quoted key
    }
    return key_then_colon(key, line.substr(close + 1));
  }
  constexpr std::string_view kIndicators = "-?:,[]{}#&*!|>'\"%@`";
  if (kIndicators.find(line[0]) != std::string_view::npos) return std::nullopt;
  size_t colon = 0;
  while ((colon = line.find(':', colon)) != std::string_view::npos) {
    if (colon + 1 == line.size() || line[colon + 1] == ' ') break;
    ++colon;
  }
  if (colon == std::string_view::npos) return std::nullopt;
  std::string_view key = line.substr(0, colon);
  key = key.substr(0, key.find_last_not_of(' ') + 1);
  if (key.find(" #") != std::string_view::npos) return std::nullopt;
  return std::string(key);
}

/// The text's lines; nothing for a text of many short lines (a scenario
/// set's average dozens of bytes) or of 4 GiB or more.
std::optional<std::vector<Line>> lines_of(std::string_view text) {
  size_t breaks = static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
  if (text.size() >= UINT32_MAX || (breaks + 1) * kLeastAverageLine > text.size() + 64) {
    return std::nullopt;
  }
  std::vector<Line> lines;
  lines.reserve(breaks + 1);
  for (size_t at = 0; at < text.size();) {
    size_t end = std::min(text.find('\n', at), text.size());
    lines.push_back({static_cast<uint32_t>(at), static_cast<uint32_t>(end - at)});
    at = end + 1;
  }
  return lines;
}

}  // namespace

std::optional<SlicedYaml> slice_yaml_by_lines(std::string_view text, std::string_view key) {
  // Tabs, CRs and a byte order mark are the event slicer's to judge.
  // (Two finds: string_view's find_first_of calls memchr once per byte.)
  if (text.find('\t') != std::string_view::npos || text.find('\r') != std::string_view::npos ||
      text.starts_with("\xEF\xBB\xBF")) {
    return std::nullopt;
  }
  auto found = lines_of(text);
  if (!found) return std::nullopt;
  const std::vector<Line>& all = *found;
  auto line_text = [&](size_t i) { return text.substr(all[i].start, all[i].size); };
  size_t key_line = 0;
  for (; key_line < all.size() && !is_key_line(line_text(key_line), key); ++key_line) {
    if (!blank_or_comment(line_text(key_line)) && !closed_on_its_own(line_text(key_line))) {
      return std::nullopt;  // the key's line might lie inside what this one opens
    }
  }
  size_t first = key_line + 1;
  while (first < all.size() && blank_or_comment(line_text(first))) ++first;
  if (first >= all.size()) return std::nullopt;
  size_t indent = indentation(line_text(first));
  if (indent == 0) return std::nullopt;

  SlicedYaml sliced;
  sliced.key_line = static_cast<int>(key_line);
  std::vector<size_t> starts;  // the line of each entry
  size_t end = first;          // the first line past the mapping
  for (; end < all.size(); ++end) {
    std::string_view line = line_text(end);
    if (blank_or_comment(line)) continue;
    size_t here = indentation(line);
    if (here > indent) continue;
    if (here < indent) break;
    std::string_view content = line.substr(here);
    if (content == "-" || content.starts_with("- ")) continue;  // a list at its key's column
    auto entry = entry_key(line);
    if (!entry) return std::nullopt;
    starts.push_back(end);
    sliced.entries.push_back({{}, static_cast<int>(end), std::move(*entry)});
  }
  if (end < all.size() && indentation(line_text(end)) != 0) return std::nullopt;
  if (starts.empty() || starts.front() != first) return std::nullopt;

  size_t region_start = all[first].start;
  size_t region_end = end < all.size() ? all[end].start : text.size();
  std::string_view region = text.substr(region_start, region_end - region_start);
  if (may_hold_properties(region)) return std::nullopt;
  for (size_t i = 0; i < starts.size(); ++i) {
    size_t stop = i + 1 < starts.size() ? starts[i + 1] : end;
    size_t from = all[starts[i]].start;  // the first is the region's start
    size_t to = stop < all.size() ? all[stop].start : text.size();
    sliced.entries[i].text = text.substr(from, to - from);
    Counts counts = counts_of(sliced.entries[i].text);
    if (!closed_on_its_own(counts) || !shallow_enough(sliced.entries[i].text, counts.opened())) {
      return std::nullopt;
    }
  }
  sliced.rest = text_without(text, region_start, region_end);
  return sliced;
}

}  // namespace drivemock
