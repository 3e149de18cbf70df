#include "session/near_miss_verdicts.h"

#include <algorithm>

#include "scenario/catalog.h"

namespace drivemock::session {
namespace {

bool scripted_by(const scenario::Catalog& catalog, const std::string& uuid,
                 const std::vector<std::string>& sets) {
  const scenario::DirectoryEntry* entry = catalog.find(uuid);
  if (!entry) return false;
  return std::any_of(entry->operations.begin(), entry->operations.end(), [&](const auto& op) {
    const scenario::ScenarioSet* set = op.second.set;
    return set && std::find(sets.begin(), sets.end(), set->name) != sets.end();
  });
}

bool called(const scenario::Engine& engine, const std::string& uuid) {
  auto directory = engine.directory(uuid);
  if (!directory) return false;
  return std::any_of(directory->calls.begin(), directory->calls.end(),
                     [](const auto& count) { return count.second > 0; });
}

}  // namespace

std::vector<JudgedNearMiss> judged_near_misses(const Session& session) {
  auto calls = session.engine.near_miss_calls();
  std::vector<JudgedNearMiss> judged;
  if (calls.empty()) return judged;
  auto catalog = session.engine.catalog();
  auto pushed = session.store.pushed_names();
  for (auto& call : calls) {
    bool own = scripted_by(*catalog, call.did_you_mean, pushed);
    bool tried = called(session.engine, call.did_you_mean);
    judged.push_back({std::move(call), own, tried});
  }
  return judged;
}

}  // namespace drivemock::session
