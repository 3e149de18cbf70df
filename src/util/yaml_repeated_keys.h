#pragma once
// Keys given twice in one mapping of a YAML node tree. yaml-cpp keeps both
// pairs and a reader finds one of them (the first by lookup, the last where
// a loop assigns), so a copy-pasted block silently hides the other: each
// repeat is an error at its position, in scenario files as in the contract
// documents (document/ refuses them as it reads).

#include <yaml-cpp/yaml.h>

#include <string>
#include <string_view>
#include <vector>

namespace drivemock {

struct RepeatedKey {
  YAML::Node first;   ///< the key where it is given first
  YAML::Node repeat;  ///< where it is given again
};

/// Every repeat of a scalar key in the mappings of `root`, walked without
/// recursion, in no particular order.
std::vector<RepeatedKey> repeated_keys(const YAML::Node& root);

/// The error at a repeat of `key`, which line `first_line` (1-based, in the
/// whole file) gave first: one sentence for a tree's keys and for the
/// uuids of a big file's slices.
std::string repeated_key_message(std::string_view key, int first_line);

}  // namespace drivemock
