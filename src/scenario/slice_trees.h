#pragma once
// The trees of a sliced document (document/yaml_slices.h): each slice read on
// its own into a small document tree, its lines counted in the whole file,
// and the check that the rest of the text holds the sliced key as assumed.

#include <string>

#include "document/tree.h"
#include "document/yaml_slices.h"

namespace drivemock::scenario {

/// The slice's tree, a mapping of its one entry; or the error when the slice
/// reads but is refused (a key given twice in it, an alias); or neither,
/// when it does not read as exactly its entry (the text is read whole then).
document::Attempt read_slice(const YamlSlice& slice, const std::string& file);

/// The 1-based column the slice's key starts at.
int key_column(const YamlSlice& slice);

/// Whether the read rest of a sliced text holds the mapping's key, once,
/// with no value, where the slicer found it (always so for the event slicer).
bool rest_holds_key(document::Node rest, const SlicedYaml& sliced, std::string_view key);

}  // namespace drivemock::scenario
