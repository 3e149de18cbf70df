#include "scenario/answer_examples.h"

#include <map>
#include <set>
#include <tuple>

namespace drivemock::scenario {
namespace {

/// Collects examples, keeping the first distinct bodies per operation and status.
class Collector {
 public:
  void add(const std::string& operation, const std::string& where, const std::vector<Rule>& rules) {
    for (size_t r = 0; r < rules.size(); ++r) {
      const auto& answers = rules[r].answers;
      for (size_t i = 0; i < answers.size(); ++i) {
        const Reply& answer = answers[i];
        if (answer.fault != Fault::none || answer.templated != Templated::no) continue;
        auto& seen = bodies_[{operation, answer.status}];
        std::string body(answer.body_text());
        if (seen.size() >= interchange::kMaxExamplesPerStatus || !seen.insert(body).second)
          continue;
        std::string name = where + ", rule " + std::to_string(r + 1);
        if (answers.size() > 1) name += ", answer " + std::to_string(i + 1);
        out_.push_back({operation, std::move(name), answer.status, std::move(body)});
      }
    }
  }
  std::vector<interchange::AnswerExample> take() { return std::move(out_); }

 private:
  std::map<std::pair<std::string, int>, std::set<std::string>> bodies_;
  std::vector<interchange::AnswerExample> out_;
};

}  // namespace

std::vector<interchange::AnswerExample> answer_examples(const Catalog& catalog) {
  Collector collector;
  for (const auto& set : catalog.sets) {
    for (const auto& [operation, rules] : set->defaults) {
      collector.add(operation, set->name + ", defaults", rules);
    }
    for (const auto& [uuid, script] : set->directories) {
      for (const auto& [operation, rules] : script.operations) {
        collector.add(operation, set->name + ", " + uuid, rules);
      }
    }
  }
  return collector.take();
}

}  // namespace drivemock::scenario
