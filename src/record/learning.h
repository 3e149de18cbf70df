#pragma once
// Operations learnt from the traffic: a proxied call to a path that no
// operation defines is captured all the same, and when the recording stops,
// the calls to each such path become one operation of the recording: its
// path; its body fields with their JSON types (the type most of its
// non-null values had); `required`, the fields every call sent; and its key,
// `uuid` when every call sent it as a string, else none (key: null, and its
// answers are one sequence on the operation itself).

#include "record/capture.h"

namespace drivemock::record {

/// Learns an operation for each path of `recording`'s unnamed captures,
/// adds it to `recording.operations` and `recording.learnt`, and names the
/// captures after it (their key split from their fields). Names come from
/// the path under /v3/ ("/v3/dir/rename" → "dir-rename"), made unique
/// against the contract's operations, `taken` (the names that were in force
/// besides) and the recording's operations.
void learn_operations(Recording& recording, const std::vector<std::string>& taken);

/// The name learnt for `path`, before it is made unique.
std::string learnt_name(std::string_view path);

}  // namespace drivemock::record
