#pragma once
// The two readers of a Tree (private to document/): JSON text and YAML
// text, each giving the tree or where and why it could not.

#include <optional>
#include <string>
#include <string_view>

#include "document/tree.h"

namespace drivemock::document {

struct Read {
  enum class Why {
    invalid,  ///< not text of the reader's language: the other may read it
    refused,  ///< read, but refused (too deep, an alias, a NUL byte)
    cut,      ///< the text ends before the value does: no YAML reads it either
  };
  struct Failure {
    int line = 1;
    int column = 1;
    std::string message;
    Why why = Why::invalid;
  };
  std::optional<Tree> tree;
  std::optional<Failure> failure;

  static Read failed(int line, int column, std::string message, Why why) {
    return Read{std::nullopt, Failure{line, column, std::move(message), why}};
  }
};

/// What a text whose tree would hold more than its size allows is refused
/// with (builder.h).
std::string size_refusal(size_t text_bytes);

Read read_json(std::string_view text);
/// The first document of the text, whose first line is line `first_line`
/// (0-based) of the file it was cut from.
Read read_yaml(std::string_view text, int first_line = 0);

}  // namespace drivemock::document
