#pragma once
// What a YAML document may not do before it becomes a node tree. Aliases
// are refused: yaml-cpp resolves `&a [*a]` into a node that contains itself,
// which every recursive reader then follows for ever, and a few hundred
// bytes of nested aliases ("billion laughs") expand into gigabytes when read.
// Nesting is bounded as JSON's is (json::kMaxDepth), so that no reader of
// the tree recurses deeper than that. Checked on yaml-cpp's event parser,
// which builds nothing, before the tree is built.

#include <optional>
#include <string>
#include <string_view>

#include "util/diagnostic.h"

namespace drivemock {

/// The most nested mappings and lists a YAML document may have.
constexpr int kMaxYamlDepth = 64;

/// What an alias or a collection nested deeper than kMaxYamlDepth is
/// refused with (document/ refuses them too).
std::string alias_refusal();
std::string depth_refusal();

/// A positioned error for the first alias or the first collection nested
/// deeper than kMaxYamlDepth in the first document of `text`; nothing when
/// there is none (invalid YAML is left to the parse, which says where).
std::optional<Diagnostic> check_yaml_shape(std::string_view text, const std::string& file);

}  // namespace drivemock
