#include "scenario/decide.h"

namespace drivemock::scenario {

Reply decide(Engine& engine, contract::Classified& request) {
  const auto& checked = request.checked;
  Decision decision = engine.decide(*request.operation, checked.uuid, checked.body);
  request.seen.matched = std::move(decision.matched);
  request.seen.named = decision.named;
  // A copy that shares the body with the catalog, which may be swapped meanwhile.
  return *decision.answer;
}

}  // namespace drivemock::scenario
