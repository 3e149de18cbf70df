#include "model/redacted_yaml.h"

#include <cstddef>

namespace drivemock {
namespace {

bool key_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_' || c == '.';
}

size_t indentation(std::string_view line) {
  size_t n = 0;
  while (n < line.size() && line[n] == ' ') ++n;
  return n;
}

enum class Style { block, flow };

/// Where the value that starts at `at` of `line` ends: a quoted scalar at
/// its closing quote, a plain one at a flow delimiter (`,`, `}`, `]`, in
/// flow style) or a comment.
size_t value_end(std::string_view line, size_t at, Style style) {
  char quote = line[at];
  if (quote == '"' || quote == '\'') {
    for (size_t i = at + 1; i < line.size(); ++i) {
      if (quote == '"' && line[i] == '\\') {
        ++i;
      } else if (line[i] == quote) {
        return i + 1;
      }
    }
    return line.size();
  }
  for (size_t i = at; i < line.size(); ++i) {
    if (style == Style::flow && (line[i] == ',' || line[i] == '}' || line[i] == ']')) return i;
    if (line[i] == '#' && i > at && line[i - 1] == ' ') return i;
  }
  return line.size();
}

/// Redacts the secret keys' values of one line; `block` becomes the column
/// of a secret key whose value is on the lines below (`key: |`, `key:`).
std::string redact_line(std::string_view line, const Redaction& redaction, long& block) {
  std::string out;
  size_t copied = 0;
  Style style = Style::block;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (c == '{' || c == '[') style = Style::flow;
    if (c == '#' && (i == 0 || line[i - 1] == ' ')) break;
    // A key: name characters, maybe quoted, then `:` and a blank or the end.
    bool starts = i == 0 || line[i - 1] == ' ' || line[i - 1] == '{' || line[i - 1] == ',' ||
                  line[i - 1] == '"' || line[i - 1] == '\'';
    if (!starts || !key_char(c)) continue;
    size_t end = i;
    while (end < line.size() && key_char(line[end])) ++end;
    std::string_view key = line.substr(i, end - i);
    size_t colon = end;
    if (colon < line.size() && (line[colon] == '"' || line[colon] == '\'')) ++colon;
    bool is_key = colon < line.size() && line[colon] == ':' &&
                  (colon + 1 == line.size() || line[colon + 1] == ' ');
    if (!is_key || !redaction.secret_header(key)) {
      i = end - 1;
      continue;
    }
    size_t value = colon + 1;
    while (value < line.size() && line[value] == ' ') ++value;
    if (value >= line.size() || line[value] == '#' || line[value] == '|' || line[value] == '>') {
      block = static_cast<long>(i);  // its value is on the lines below
      break;
    }
    size_t stop = value_end(line, value, style);
    out.append(line.substr(copied, value - copied)).append("\"").append(kRedacted).append("\"");
    copied = stop;
    i = stop == 0 ? 0 : stop - 1;
  }
  return out.append(line.substr(copied));
}

}  // namespace

std::string redacted_yaml(std::string_view yaml, const Redaction& redaction) {
  std::string out;
  out.reserve(yaml.size());
  // A secret key's value on the lines below it (a block scalar, a list):
  // lines indented more than the key's are written as "***".
  long secret_block = -1;
  size_t from = 0;
  while (from < yaml.size()) {
    size_t newline = yaml.find('\n', from);
    size_t to = newline == std::string_view::npos ? yaml.size() : newline;
    std::string_view line = yaml.substr(from, to - from);
    size_t indent = indentation(line);
    bool blank = indent == line.size() || line.substr(indent) == "\r";
    // A list may stand at its key's own column (`key:` then `- item`).
    bool item = indent + 1 < line.size() && line[indent] == '-' && line[indent + 1] == ' ';
    long column = static_cast<long>(indent);
    if (secret_block >= 0 && (blank || column > secret_block || (column == secret_block && item))) {
      out.append(line.substr(0, indent));
      if (!blank) out.append(kRedacted);
    } else {
      secret_block = -1;
      out.append(redact_line(line, redaction, secret_block));
    }
    if (newline != std::string_view::npos) out.push_back('\n');
    from = to + 1;
  }
  return out;
}

}  // namespace drivemock
