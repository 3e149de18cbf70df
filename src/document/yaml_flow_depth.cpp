#include "document/yaml_flow_depth.h"

#include <cstddef>

namespace drivemock {
namespace {

enum class State {
  node_start,  ///< block context, where a node may begin
  after_key,   ///< block context, after a quoted scalar (`"a":[` is a key and a value)
  plain,       ///< block context, in a plain scalar (`a[b`: text)
  flow,        ///< in a flow collection, between its tokens
  flow_plain,  ///< in a flow collection, in a plain scalar
  single,      ///< in a single-quoted scalar
  double_,     ///< in a double-quoted scalar
};

bool blank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

class FlowDepth {
 public:
  FlowDepth(std::string_view text, int max_depth) : text_(text), max_(max_depth) {}

  std::optional<TextPosition> run() {
    if (text_.starts_with("\xEF\xBB\xBF")) i_ = 3;
    start_line();
    while (i_ < text_.size()) {
      char c = text_[i_];
      if (c == '\n') {
        new_line();
        continue;
      }
      if (!step(c)) return TextPosition{line_, static_cast<int>(i_ - line_at_) + 1};
      ++i_;
    }
    return std::nullopt;
  }

 private:
  char next() const { return i_ + 1 < text_.size() ? text_[i_ + 1] : '\n'; }
  bool ends_token(char c) const { return blank(c) || c == '\n'; }
  bool after_blank() const { return i_ == line_at_ || blank(text_[i_ - 1]); }
  bool in_flow() const { return depth_ > 0; }

  void skip_to_line_end() {
    while (i_ + 1 < text_.size() && text_[i_ + 1] != '\n') ++i_;
  }
  /// An anchor or a tag: its name is no node (`&a [`: the list follows).
  void skip_property() {
    while (i_ + 1 < text_.size() && !ends_token(text_[i_ + 1]) &&
           !(in_flow() && is_flow_indicator(text_[i_ + 1]))) {
      ++i_;
    }
  }
  static bool is_flow_indicator(char c) {
    return c == '[' || c == ']' || c == '{' || c == '}' || c == ',';
  }

  /// False when `c` opens a collection past the bound.
  bool step(char c) {
    switch (state_) {
      case State::single:
        if (c == '\'') {
          if (next() == '\'') {
            ++i_;
          } else {
            state_ = after_quote();
          }
        }
        return true;
      case State::double_:
        if (c == '\\') {
          if (next() != '\n') ++i_;
        } else if (c == '"') {
          state_ = after_quote();
        }
        return true;
      case State::flow:
      case State::flow_plain: return flow_step(c);
      case State::plain:
        if (c == ':' && ends_token(next())) {
          state_ = State::node_start;
        } else if (c == '#' && after_blank()) {
          skip_to_line_end();
        }
        return true;
      case State::after_key:
        if (c == ':') {
          state_ = State::node_start;
          return true;
        }
        if (blank(c)) return true;
        if (c == '#') {
          skip_to_line_end();
          return true;
        }
        state_ = State::plain;
        plain_indent_ = indent_;
        return true;
      case State::node_start: return node_step(c);
    }
    return true;
  }

  State after_quote() const { return in_flow() ? State::flow : State::after_key; }

  bool open() {
    ++depth_;
    state_ = State::flow;
    return depth_ <= max_;
  }

  bool node_step(char c) {
    if (blank(c)) return true;
    switch (c) {
      case '#': skip_to_line_end(); return true;
      case '[':
      case '{': return open();
      case '"': state_ = State::double_; return true;
      case '\'': state_ = State::single; return true;
      case '|':
      case '>':
        // A block scalar: the lines indented more than this one are its text.
        block_scalar_indent_ = static_cast<long>(indent_);
        skip_to_line_end();
        return true;
      case '&':
      case '!': skip_property(); return true;
      case '-':
      case '?':
      case ':':
        if (ends_token(next())) return true;
        break;
      default: break;
    }
    state_ = State::plain;
    plain_indent_ = indent_;
    return true;
  }

  bool flow_step(char c) {
    switch (c) {
      case '[':
      case '{': return open();
      case ']':
      case '}':
        if (depth_ > 0) --depth_;
        state_ = in_flow() ? State::flow : State::after_key;
        return true;
      case ',': state_ = State::flow; return true;
      case '#':
        if (after_blank()) {
          skip_to_line_end();
          state_ = State::flow;
        }
        return true;
      default: break;
    }
    if (state_ == State::flow_plain) {
      if (c == ':' && (ends_token(next()) || is_flow_indicator(next()))) state_ = State::flow;
      return true;
    }
    if (blank(c) || c == ':' || c == '?' || c == '-') return true;
    if (c == '"') {
      state_ = State::double_;
    } else if (c == '\'') {
      state_ = State::single;
    } else if (c == '&' || c == '!') {
      skip_property();
    } else {
      state_ = State::flow_plain;
    }
    return true;
  }

  void new_line() {
    ++line_;
    ++i_;
    line_at_ = i_;
    start_line();
  }

  /// At a line's first byte: its indentation, and whether it begins a node.
  void start_line() {
    indent_ = 0;
    while (i_ + indent_ < text_.size() && text_[i_ + indent_] == ' ') ++indent_;
    if (in_flow() || state_ == State::single || state_ == State::double_) return;
    bool empty =
        i_ + indent_ >= text_.size() || text_[i_ + indent_] == '\n' || text_[i_ + indent_] == '\r';
    if (block_scalar_indent_ >= 0) {
      if (empty || static_cast<long>(indent_) > block_scalar_indent_) {
        skip_line();
        return;
      }
      block_scalar_indent_ = -1;
    }
    // A plain scalar goes on over lines indented more than where it began.
    if (state_ == State::plain && (empty || indent_ > plain_indent_)) return;
    state_ = State::node_start;
    // `---` and `...` end or begin a document; what follows `--- ` is a node.
    std::string_view rest = text_.substr(i_);
    if ((rest.starts_with("---") || rest.starts_with("...")) &&
        (rest.size() == 3 || ends_token(rest[3]))) {
      i_ += 3;
      return;
    }
    if (rest.starts_with("%")) {
      skip_line();
      return;
    }
    i_ += indent_;
  }

  /// Leaves the line as text: a block scalar's, or a directive.
  void skip_line() {
    while (i_ < text_.size() && text_[i_] != '\n') ++i_;
  }

  std::string_view text_;
  int max_;
  size_t i_ = 0;
  size_t line_at_ = 0;  ///< where the current line begins
  int line_ = 1;
  size_t indent_ = 0;
  size_t plain_indent_ = 0;        ///< the indentation of the line a plain scalar began on
  long block_scalar_indent_ = -1;  ///< a block scalar's line's indentation; -1: none
  int depth_ = 0;
  State state_ = State::node_start;
};

}  // namespace

std::optional<TextPosition> flow_too_deep(std::string_view text, int max_depth) {
  return FlowDepth(text, max_depth).run();
}

}  // namespace drivemock
