#pragma once
// Turns a recording into a scenario file that replays it on its own:
//  - the definition of every operation beyond the contract's own that it
//    captured (added or learnt), built-in answer included;
//  - per uuid and operation, the answers in order as a sequence, split into
//    rules with `when` on the body fields (color) where the calls on one
//    uuid differed in them;
//  - under `defaults:`, the answers of operations whose keys the client
//    makes up (the lock's fresh uuid each time: no other operation uses
//    them) or that name no entity, so that replay serves them to new keys.
// Bodies are written as YAML mappings where that reads back byte for byte,
// and as `raw` strings otherwise, so replay always sends the same bytes.

#include <chrono>
#include <string>
#include <vector>

#include "record/capture.h"

namespace drivemock::record {

/// The scenario set's name: "recording-20261122T091438Z".
std::string recording_name(std::chrono::system_clock::time_point time);

/// The scenario file's text.
std::string recording_yaml(const Recording& recording, const std::string& name);

/// True when replay serves `operation`'s recorded answers to any key, under
/// `defaults:`: it names no entity, or it is not one of the contract's own
/// and none of its keys is a key another operation was called with.
bool replayed_for_any_key(const Recording& recording, const std::string& operation);

}  // namespace drivemock::record
