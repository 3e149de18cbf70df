#include "record/scripted_answers.h"

#include "interchange/yaml_json.h"
#include "util/json.h"
#include "util/yaml_reader.h"

namespace drivemock::record {
namespace {

/// Keys whose values are an answer's own parts or a rule's conditions:
/// nothing below them is another answer.
bool is_leaf_key(std::string_view key) {
  return key == "when" || key == "then" || key == "body" || key == "raw" || key == "headers" ||
         key == "state";
}

bool is_answer(const YAML::Node& node) {
  return node.IsMap() && (yaml_member(node, "body") || yaml_member(node, "raw") ||
                          yaml_member(node, "http") || yaml_member(node, "fault"));
}

class Collector {
 public:
  Collector(const std::string& file, std::vector<ScriptedAnswer>& out) : file_(file), out_(out) {}

  /// Every answer at or below `node`, as answers of `operation`.
  void collect(const YAML::Node& node, const std::string& operation) {
    if (is_answer(node)) return add(node, operation);
    if (node.IsSequence()) {
      for (const auto& item : node) collect(item, operation);
    } else if (node.IsMap()) {
      for (const auto& kv : node) {
        if (!kv.first.IsScalar() || is_leaf_key(kv.first.Scalar())) continue;
        collect(kv.second, operation);
      }
    }
  }

 private:
  void add(const YAML::Node& node, const std::string& operation) {
    if (yaml_member(node, "fault")) return;  // no answer at all
    ScriptedAnswer answer{
        operation, 200, std::nullopt, file_, node.Mark().line + 1, node.Mark().column + 1};
    if (auto http = yaml_member(node, "http"); http && http.IsScalar()) {
      try {
        answer.status = http.as<int>();
      } catch (const YAML::Exception&) {
        answer.status = 0;  // the loader says what is wrong with it
      }
    }
    if (auto body = yaml_member(node, "body")) {
      answer.json = interchange::yaml_to_json(body);
    } else if (auto raw = yaml_member(node, "raw"); raw && raw.IsScalar()) {
      if (json::parse_untrusted(raw.Scalar())) answer.json = raw.Scalar();
    }
    out_.push_back(std::move(answer));
  }

  const std::string& file_;
  std::vector<ScriptedAnswer>& out_;
};

/// `section`'s operations (operation name → what answers it).
void collect_operations(Collector& collector, const YAML::Node& section) {
  if (!section || !section.IsMap()) return;
  for (const auto& kv : section) {
    if (kv.first.IsScalar()) collector.collect(kv.second, kv.first.Scalar());
  }
}

}  // namespace

Checked<std::vector<ScriptedAnswer>> scripted_answers(std::string_view text,
                                                      const std::string& file,
                                                      Definitions definitions) {
  Checked<std::vector<ScriptedAnswer>> result;
  auto root = load_yaml(text, file, result.diagnostics);
  if (!root) return result;
  std::vector<ScriptedAnswer> answers;
  Collector collector(file, answers);
  if (root->IsMap()) {
    if (definitions == Definitions::read) {
      if (auto ops = yaml_member(*root, "operations"); ops && ops.IsMap()) {
        for (const auto& kv : ops) {
          if (!kv.second.IsMap() || !kv.first.IsScalar()) continue;
          // The built-in answer, and the protocol's (a lock's release).
          for (const char* part : {"answer", "protocol"}) {
            if (auto node = yaml_member(kv.second, part))
              collector.collect(node, kv.first.Scalar());
          }
        }
      }
    }
    collect_operations(collector, yaml_member(*root, "defaults"));
    if (auto directories = yaml_member(*root, "directories"); directories && directories.IsMap()) {
      for (const auto& uuid : directories) {
        if (!uuid.second.IsMap()) continue;
        for (const auto& kv : uuid.second) {
          if (kv.first.IsScalar() && kv.first.Scalar() != "state") {
            collector.collect(kv.second, kv.first.Scalar());
          }
        }
      }
    }
  }
  result.value = std::move(answers);
  return result;
}

}  // namespace drivemock::record
