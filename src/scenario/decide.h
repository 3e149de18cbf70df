#pragma once
// The decide stage of the mock API: the scenario engine chooses the answer
// for a classified request and moves the directory's state.

#include "contract/classify.h"
#include "model/reply.h"
#include "scenario/engine.h"

namespace drivemock::scenario {

/// The answer to `request`, which must have no early answer; notes in
/// `request.seen` which rule served it and whether a scenario names its uuid.
Reply decide(Engine& engine, contract::Classified& request);

}  // namespace drivemock::scenario
