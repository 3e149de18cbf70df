#include "document/scalars.h"

#include <charconv>
#include <cmath>
#include <optional>

namespace drivemock::document {
namespace {

bool is_null_word(std::string_view t) {
  return t.empty() || t == "~" || t == "null" || t == "Null" || t == "NULL";
}

/// A number read from all of a text: an int64, else a finite double.
struct Number {
  enum class Form { integer, real };
  Form form = Form::integer;
  long long integer = 0;
  double real = 0;
};

std::optional<Number> read_number(std::string_view text) {
  // Most plain scalars are words; from_chars is slow to say so.
  if (text.empty() || std::string_view("0123456789-.").find(text.front()) == std::string_view::npos)
    return std::nullopt;
  const char* end = text.data() + text.size();
  Number n;
  auto [p, ec] = std::from_chars(text.data(), end, n.integer);
  if (ec == std::errc() && p == end) return n;
  n.form = Number::Form::real;
  auto [q, ec2] = std::from_chars(text.data(), end, n.real);
  if (ec2 == std::errc() && q == end && std::isfinite(n.real)) return n;
  return std::nullopt;
}

}  // namespace

Kind plain_kind(std::string_view text) {
  // The words YAML reads as null or a boolean have at most five letters.
  if (text.size() <= 5) {
    if (is_null_word(text)) return Kind::null;
    if (text == "true" || text == "True" || text == "TRUE" || text == "false" || text == "False" ||
        text == "FALSE") {
      return Kind::boolean;
    }
  }
  return read_number(text) ? Kind::number : Kind::string;
}

void write_scalar(json::Writer& w, Kind kind, std::string_view text) {
  auto n = kind == Kind::number ? read_number(text) : std::nullopt;
  if (n && n->form == Number::Form::integer) {
    w.Int64(n->integer);
  } else if (n) {
    w.Double(n->real);
  } else if (kind == Kind::boolean) {
    w.Bool(text.front() == 't' || text.front() == 'T');
  } else if (kind == Kind::null) {
    w.Null();
  } else {
    json::write_string(w, text);
  }
}

}  // namespace drivemock::document
