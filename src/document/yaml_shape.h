#pragma once
// What a YAML document may not do. Aliases are refused: `&a [*a]` would be a
// value that contains itself, which a recursive reader follows for ever, and
// a few hundred bytes of nested aliases ("billion laughs") expand into
// gigabytes when read. Nesting is bounded as JSON's is (json::kMaxDepth), so
// that no reader of a tree recurses deeper than that. document/ refuses
// both as it reads; the slicers (document/yaml_slices.h) leave such texts whole.

#include <cstddef>
#include <string>

namespace drivemock {

/// The most nested mappings and lists a YAML document may have.
constexpr int kMaxYamlDepth = 64;

/// What yaml-cpp's scanner keeps, until the document ends, for each block
/// collection and each item of a block list (measured: 39 to 43 bytes);
/// the readers count it against their bound on memory.
constexpr size_t kScannerBytesPerBlock = 48;

/// What an alias or a collection nested deeper than kMaxYamlDepth is
/// refused with.
std::string alias_refusal();
std::string depth_refusal();

}  // namespace drivemock
