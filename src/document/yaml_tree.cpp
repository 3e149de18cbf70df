// A YAML document into a Tree through yaml-cpp's event parser: no node tree
// of yaml-cpp's is built, and what document/yaml_shape.h refuses (aliases,
// nesting past the bound) is refused in the same pass.
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <optional>

#include "document/builder.h"
#include "document/read.h"
#include "document/scalars.h"
#include "document/yaml_flow_depth.h"
#include "document/yaml_shape.h"
#include "util/text_stream.h"

namespace drivemock::document {
namespace {

/// Thrown out of the event parser at the first thing refused.
struct Refused {
  YAML::Mark mark;
  std::string message;
};

class YamlEvents : public YAML::EventHandler {
 public:
  YamlEvents(Builder& builder, size_t text_bytes, int first_line)
      : builder_(builder), text_bytes_(text_bytes), first_line_(first_line) {}

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t) override {
    builder_.scalar(builder_.at_key() ? Kind::string : Kind::null, {}, line(mark), column(mark));
    fits(mark);
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
    throw Refused{mark, alias_refusal()};
  }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t,
                const std::string& value) override {
    // A key is its text, typed or not: `200:` names a response, `010:` is not 10.
    bool plain = tag == "?" && !builder_.at_key();
    builder_.scalar(plain ? plain_kind(value) : Kind::string, value, line(mark), column(mark));
    fits(mark);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value style) override {
    open(Kind::sequence, style, mark);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value style) override {
    open(Kind::map, style, mark);
  }
  void OnMapEnd() override {
    if (auto twice = close()) {
      YAML::Mark at;
      at.line = twice->line - 1 - first_line_;
      at.column = twice->column - 1;
      throw Refused{at, std::move(twice->message)};
    }
  }

 private:
  int line(const YAML::Mark& mark) const {
    return (mark.is_null() ? 1 : mark.line + 1) + first_line_;
  }
  static int column(const YAML::Mark& mark) { return mark.is_null() ? 1 : mark.column + 1; }

  void open(Kind kind, YAML::EmitterStyle::value style, const YAML::Mark& mark) {
    if (builder_.at_key()) {
      throw Refused{mark, std::string("a key that is a ") +
                              (kind == Kind::map ? "mapping" : "list") + "; expected a scalar key"};
    }
    if (!builder_.open(kind, line(mark), column(mark))) throw Refused{mark, depth_refusal()};
    fits(mark);
    bool block = style != YAML::EmitterStyle::Flow;
    if (block) builder_.charge(kScannerBytesPerBlock);
    block_lists_.push_back(block && kind == Kind::sequence);
  }

  std::optional<Repeated> close() {
    block_lists_.pop_back();
    return builder_.close();
  }

  void fits(const YAML::Mark& mark) {
    if (!block_lists_.empty() && block_lists_.back()) builder_.charge(kScannerBytesPerBlock);
    if (builder_.full()) throw Refused{mark, size_refusal(text_bytes_)};
  }

  Builder& builder_;
  /// For each open collection, whether it is a block list (at most kMaxDepth).
  std::vector<bool> block_lists_;
  size_t text_bytes_;
  int first_line_;
};

struct TextPlace {
  int line;
  int column;
};

/// A tab among the leading blanks of line `last_line` (1-based) or the line
/// before: yaml-cpp reports it as the structure it breaks ("end of map not
/// found") there, where a tab is what the writer must change. Lines further
/// up are not blamed: a block scalar may hold tabs.
std::optional<TextPlace> tab_in_indentation(std::string_view text, int last_line) {
  int line = 1;
  for (size_t start = 0; start < text.size() && line <= last_line; ++line) {
    size_t end = std::min(text.find('\n', start), text.size());
    std::string_view row = text.substr(start, end - start);
    size_t blanks = row.find_first_not_of(" \t");
    size_t tab = row.substr(0, blanks).find('\t');
    if (line + 1 >= last_line && tab != std::string_view::npos &&
        blanks != std::string_view::npos) {
      return TextPlace{line, static_cast<int>(tab) + 1};
    }
    start = end + 1;
  }
  return std::nullopt;
}

}  // namespace

Read read_yaml(std::string_view text, int first_line) {
  // Before yaml-cpp's scanner, which holds a flow collection's tokens whole.
  if (auto deep = flow_too_deep(text, kMaxDepth)) {
    return Read::failed(deep->line + first_line, deep->column, depth_refusal(), Read::Why::refused);
  }
  Builder builder(text.size());
  YamlEvents events(builder, text.size(), first_line);
  try {
    TextStream in(text);
    YAML::Parser parser(in);
    parser.HandleNextDocument(events);
  } catch (const Refused& refused) {
    return Read::failed(refused.mark.line + 1 + first_line, refused.mark.column + 1,
                        refused.message, Read::Why::refused);
  } catch (const YAML::Exception& e) {
    int line = (e.mark.is_null() ? 1 : e.mark.line + 1) + first_line;
    int column = e.mark.is_null() ? 1 : e.mark.column + 1;
    if (auto tab = tab_in_indentation(text, line - first_line)) {
      return Read::failed(tab->line + first_line, tab->column,
                          "a tab in the indentation, where YAML takes only spaces; expected "
                          "spaces (the YAML reader says: " +
                              e.msg + ")",
                          Read::Why::invalid);
    }
    return Read::failed(line, column, "invalid YAML: " + e.msg, Read::Why::invalid);
  }
  return Read{builder.finish(), {}};
}

}  // namespace drivemock::document
