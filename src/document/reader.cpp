#include "document/reader.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "util/text.h"

namespace drivemock::document {
namespace {

const char* kind_name(Node node) {
  if (node.is_map()) return "a mapping";
  if (node.is_sequence()) return "a list";
  if (node.is_scalar()) return "a scalar";
  return "nothing";
}

size_t errors_in(const Diagnostics& diagnostics) {
  return static_cast<size_t>(
      std::count_if(diagnostics.begin(), diagnostics.end(),
                    [](const Diagnostic& d) { return d.severity == Severity::error; }));
}

/// A bound as a person writes it: 600000, 0.5, 1e+09.
std::string bound_text(int value) {
  return std::to_string(value);
}
std::string bound_text(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", value);
  return buffer;
}

template <typename T>
struct Bounds {
  T min;
  T max;
};

/// The scalar as a T from min to max, or an error that says so.
template <typename T>
std::optional<T> in_range(Reader& in, Node node, std::string_view what, Bounds<T> bounds) {
  auto [min, max] = bounds;
  auto text = in.scalar(node, what);
  if (!text) return std::nullopt;
  T value{};
  const char* end = text->data() + text->size();
  auto [p, ec] = std::from_chars(text->data(), end, value);
  // Written as !(in range): a NaN is in no range.
  if (ec != std::errc() || p != end || !(value >= min && value <= max)) {
    in.error(node, "expected " + std::string(what) + " from " + bound_text(min) + " to " +
                       bound_text(max) + ", found '" + *text + "'");
    return std::nullopt;
  }
  return value;
}

}  // namespace

std::string join_keys(const Keys& keys) {
  std::string out;
  for (auto k : keys) out += (out.empty() ? "" : ", ") + std::string(k);
  return out;
}

std::string repeated_key_message(std::string_view key, int line, int column) {
  return "the key '" + shortened(key, 64) + "' is given twice in this mapping (first at line " +
         std::to_string(line) + ", column " + std::to_string(column) +
         "); expected each key once: a reader keeps one of the two";
}

bool has_any_key(Node map, const Keys& keys) {
  for (auto [key, value] : members(map)) {
    if (std::find(keys.begin(), keys.end(), key.text()) != keys.end()) return true;
  }
  return false;
}

Node Fields::operator[](std::string_view key) const {
  auto found = std::find(keys_.begin(), keys_.end(), key);
  return values_.at(static_cast<size_t>(found - keys_.begin()));
}

Reader::Reader(const std::string& file, Diagnostics& diagnostics)
    : file_(file), diagnostics_(diagnostics), errors_(errors_in(diagnostics)) {}

bool Reader::count(const Diagnostic& problem) {
  if (listed_ < kMostListedProblems) {
    ++listed_;
    return true;
  }
  if (!said_full_) {
    said_full_ = true;
    diagnostics_.push_back({Severity::warning, problem.file, problem.line, problem.column,
                            "more problems from here on are not listed: drivemock lists the "
                            "first " +
                                std::to_string(kMostListedProblems) +
                                " of a document; fix those and read it again"});
  }
  return false;
}

void Reader::list(Diagnostic problem, std::string message) {
  if (problem.severity == Severity::error) ++errors_;
  if (!count(problem)) return;
  problem.message = bounded_message(std::move(message));
  diagnostics_.push_back(std::move(problem));
}

void Reader::report(Severity severity, Node at, std::string message) {
  // A missing value has no position: the map it is missing from has.
  Node where = at ? at : context_;
  list({severity, file_, where ? where.line() : 1, where ? where.column() : 1, {}},
       std::move(message));
}

void Reader::error_at(int line, int column, std::string message) {
  list({Severity::error, file_, line, column, {}}, std::move(message));
}

void Reader::adopt(const Diagnostics& more, std::optional<size_t> errors) {
  errors_ += errors ? *errors : errors_in(more);
  for (const auto& problem : more) {
    if (count(problem)) diagnostics_.push_back(problem);
  }
}

bool Reader::expect(Node node, Kind kind, std::string_view expected) {
  if (node && node.kind() == kind) return true;
  error(node, "expected " + std::string(expected) + ", found " + kind_name(node));
  return false;
}

Fields Reader::fields(Node map, const Keys& allowed, std::string_view what) {
  Fields read(allowed);
  for (auto [key, value] : members(map)) {
    auto found = std::find(allowed.begin(), allowed.end(), key.text());
    if (found == allowed.end()) {
      error(key, "unknown key '" + std::string(key.text()) + "' in " + std::string(what) +
                     "; expected one of: " + join_keys(allowed));
      continue;
    }
    read.values_[static_cast<size_t>(found - allowed.begin())] = value;
  }
  return read;
}

std::optional<std::string> Reader::scalar(Node node, std::string_view expected) {
  if (node.is_scalar()) return std::string(node.text());
  error(node, "expected " + std::string(expected) + ", found " + kind_name(node));
  return std::nullopt;
}

std::optional<int> Reader::integer(Node node, std::string_view what, int min, int max) {
  return in_range(*this, node, what, Bounds<int>{min, max});
}

std::optional<double> Reader::number(Node node, std::string_view what, double min, double max) {
  return in_range(*this, node, what, Bounds<double>{min, max});
}

std::optional<bool> Reader::boolean(Node node, std::string_view what) {
  auto text = scalar(node, what);
  if (!text) return std::nullopt;
  if (*text == "true") return true;
  if (*text == "false") return false;
  error(node, "expected " + std::string(what) + " (true or false), found '" + *text + "'");
  return std::nullopt;
}

}  // namespace drivemock::document
