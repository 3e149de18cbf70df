#include "record/scripted_answers.h"

#include <charconv>

#include "document/tree.h"
#include "document/tree_json.h"
#include "util/json.h"

namespace drivemock::record {
namespace {

/// Keys whose values are an answer's own parts or a rule's conditions:
/// nothing below them is another answer.
bool is_leaf_key(std::string_view key) {
  return key == "when" || key == "then" || key == "body" || key == "raw" || key == "headers" ||
         key == "state";
}

bool is_answer(document::Node node) {
  return node.is_map() &&
         (node.member("body") || node.member("raw") || node.member("http") || node.member("fault"));
}

class Collector {
 public:
  Collector(const std::string& file, std::vector<ScriptedAnswer>& out) : file_(file), out_(out) {}

  /// Every answer at or below `node`, as answers of `operation`.
  void collect(document::Node node, std::string_view operation) {
    if (is_answer(node)) return add(node, operation);
    if (node.is_sequence()) {
      for (document::Node item : document::items(node)) collect(item, operation);
    } else if (node.is_map()) {
      for (auto kv : document::members(node)) {
        if (!kv.first.is_scalar() || is_leaf_key(kv.first.text())) continue;
        collect(kv.second, operation);
      }
    }
  }

 private:
  void add(document::Node node, std::string_view operation) {
    if (node.member("fault")) return;  // no answer at all
    ScriptedAnswer answer{std::string(operation), 200, std::nullopt, file_, node.line(),
                          node.column()};
    if (auto http = node.member("http"); http && http.is_scalar()) {
      auto text = http.text();
      auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), answer.status);
      // The loader says what is wrong with it.
      if (ec != std::errc() || end != text.data() + text.size()) answer.status = 0;
    }
    if (auto body = node.member("body")) {
      answer.json = document::to_json(body);
    } else if (auto raw = node.member("raw"); raw && raw.is_scalar()) {
      if (json::parse_untrusted(raw.text())) answer.json = std::string(raw.text());
    }
    out_.push_back(std::move(answer));
  }

  const std::string& file_;
  std::vector<ScriptedAnswer>& out_;
};

/// `section`'s operations (operation name → what answers it).
void collect_operations(Collector& collector, document::Node section) {
  if (!section || !section.is_map()) return;
  for (auto kv : document::members(section)) {
    if (kv.first.is_scalar()) collector.collect(kv.second, kv.first.text());
  }
}

}  // namespace

Checked<std::vector<ScriptedAnswer>> scripted_answers(std::string_view text,
                                                      const std::string& file,
                                                      Definitions definitions) {
  Checked<std::vector<ScriptedAnswer>> result;
  auto tree = document::read_tree(text, file, result.diagnostics);
  if (!tree) return result;
  document::Node root = tree->root();
  std::vector<ScriptedAnswer> answers;
  Collector collector(file, answers);
  if (root.is_map()) {
    if (definitions == Definitions::read) {
      if (auto ops = root.member("operations"); ops && ops.is_map()) {
        for (auto kv : document::members(ops)) {
          if (!kv.second.is_map() || !kv.first.is_scalar()) continue;
          // The built-in answer, and the protocol's (a lock's release).
          for (const char* part : {"answer", "protocol"}) {
            if (auto node = kv.second.member(part)) collector.collect(node, kv.first.text());
          }
        }
      }
    }
    collect_operations(collector, root.member("defaults"));
    if (auto directories = root.member("directories"); directories && directories.is_map()) {
      for (auto uuid : document::members(directories)) {
        if (!uuid.second.is_map()) continue;
        for (auto kv : document::members(uuid.second)) {
          if (kv.first.is_scalar() && kv.first.text() != "state") {
            collector.collect(kv.second, kv.first.text());
          }
        }
      }
    }
  }
  result.value = std::move(answers);
  return result;
}

}  // namespace drivemock::record
