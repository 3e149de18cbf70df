#include "scenario/script_view.h"

#include "scenario/matching.h"

namespace drivemock::scenario {

std::map<std::string, std::vector<RuleView>> script_views(
    const DirectoryEntry& entry, const std::map<std::string, std::vector<uint64_t>>& positions) {
  std::map<std::string, std::vector<RuleView>> out;
  for (const auto& [name, scripted] : entry.operations) {
    const std::string operation(name);
    auto given = positions.find(operation);
    auto& views = out[operation];
    for (size_t i = 0; i < scripted.rules->size(); ++i) {
      const Rule& rule = (*scripted.rules)[i];
      uint64_t before = given != positions.end() && i < given->second.size() ? given->second[i] : 0;
      RuleView view{
          static_cast<int>(i) + 1, scripted.set->name,  rule.file,    rule.line, rule.when.state,
          rule.when.fields,        rule.answers.size(), std::nullopt, rule.then, rule.cycle};
      if (rule.weights.empty() && !rule.answers.empty())
        view.next = sequence_index(rule, before) + 1;
      views.push_back(std::move(view));
    }
  }
  return out;
}

}  // namespace drivemock::scenario
