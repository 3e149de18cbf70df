#include "scenario/answer_examples.h"

#include <map>
#include <set>
#include <tuple>

#include "model/request.h"
#include "util/text.h"

namespace drivemock::scenario {
namespace {

/// `text` as a token of an example's name: what is not a letter, a digit,
/// `-`, `_` or `.` becomes `_` (a set's name or a uuid may hold anything).
std::string token(std::string_view text) {
  std::string out = interchange::openapi_token(text.substr(0, 80));
  return out.empty() ? "_" : out;
}

/// The media type an answer is sent as: its Content-Type's, else JSON's.
std::string media_type_of(const Reply& answer) {
  const std::string* value = find_header(answer.header_list(), "Content-Type");
  std::string type =
      value ? ascii_lowercase(trimmed(std::string_view(*value).substr(0, value->find(';')))) : "";
  return type.empty() ? "application/json" : type;
}

/// Collects examples, keeping the first distinct bodies per operation,
/// status and media type, each under a name unique in its operation.
class Collector {
 public:
  void add(const std::string& operation, const std::string& where, const std::vector<Rule>& rules) {
    for (size_t r = 0; r < rules.size(); ++r) {
      const auto& answers = rules[r].answers;
      for (size_t i = 0; i < answers.size(); ++i) {
        std::string name = where + ".rule-" + std::to_string(r + 1);
        if (answers.size() > 1) name += ".answer-" + std::to_string(i + 1);
        add(operation, std::move(name), answers[i]);
      }
    }
  }

  void add(const std::string& operation, std::string name, const Reply& answer) {
    if (answer.fault != Fault::none || answer.templated != Templated::no) return;
    std::string media = media_type_of(answer);
    auto& seen = bodies_[{operation, answer.status, media}];
    std::string body(answer.body_text());
    if (seen.size() >= interchange::kMaxExamplesPerStatus || !seen.insert(body).second) return;
    auto& names = names_[operation];
    std::string unique = name;
    for (int n = 2; !names.insert(unique).second; ++n) unique = name + "-" + std::to_string(n);
    out_.push_back(
        {operation, std::move(unique), answer.status, std::move(body), std::move(media)});
  }

  std::vector<interchange::AnswerExample> take() { return std::move(out_); }

 private:
  std::map<std::tuple<std::string, int, std::string>, std::set<std::string>> bodies_;
  std::map<std::string, std::set<std::string>> names_;
  std::vector<interchange::AnswerExample> out_;
};

/// The operations a limit covers: its own, or every one in force.
std::vector<std::string> limited_operations(const Catalog& catalog, const Limit& limit) {
  if (limit.operation) return {*limit.operation};
  std::vector<std::string> all;
  for (const auto& op : catalog.operations->list) all.push_back(op.name);
  return all;
}

}  // namespace

std::vector<interchange::AnswerExample> answer_examples(const Catalog& catalog) {
  Collector collector;
  for (const auto& set : catalog.sets) {
    std::string name = token(set->name);
    for (const auto& [operation, rules] : set->defaults) {
      collector.add(operation, name + ".defaults", rules);
    }
    for (const auto& [uuid, script] : set->directories) {
      for (const auto& [operation, rules] : script.operations) {
        collector.add(operation, name + "." + token(uuid), rules);
      }
    }
  }
  // What drivemock answers beside the scripts: a limit's refusal, and the
  // answer to a uuid no scenario names where those are rejected.
  for (const auto& in_force : catalog.limits) {
    for (const auto& operation : limited_operations(catalog, *in_force.limit)) {
      collector.add(operation,
                    token(in_force.set->name) + ".limit-" + std::to_string(in_force.limit->index),
                    in_force.refusal);
    }
  }
  if (catalog.unknown_uuids == UnknownUuids::reject) {
    for (const auto& op : catalog.operations->list) {
      if (contract::has_key(op) && !contract::is_added(op)) {
        collector.add(op.name, "unknown-uuid-rejected", catalog.reject_answer);
      }
    }
  }
  return collector.take();
}

}  // namespace drivemock::scenario
