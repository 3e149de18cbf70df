#include "session/unused_rules.h"

namespace drivemock::session {

std::vector<UnusedRule> unused_rules(const Session& session, size_t most) {
  std::vector<UnusedRule> unused;
  for (const auto& set : session.store.pushed_sets()) {
    for (const auto& [uuid, script] : set->directories) {
      for (const auto& [operation, rules] : script.operations) {
        for (size_t i = 0; i < rules.size(); ++i) {
          if (session.engine.used(rules[i])) continue;
          if (unused.size() == most) return unused;
          unused.push_back({set->name, uuid, operation, i + 1, rules[i].line});
        }
      }
    }
  }
  return unused;
}

}  // namespace drivemock::session
