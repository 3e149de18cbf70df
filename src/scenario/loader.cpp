// The scenario grammar, one function per construct (set, directory,
// operation, rule, answer, condition). Each reports what it expected and where,
// and returns nothing for a construct it could not read; the caller carries on
// with the next one so that a file's errors are reported together.
#include "scenario/loader.h"

#include <rapidjson/document.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "contract/field_checks.h"
#include "contract/operations.h"
#include "contract/operations_reader.h"
#include "scenario/answer_pool.h"
#include "scenario/answer_template.h"
#include "scenario/dialect_sets.h"
#include "scenario/yaml_json.h"
#include "util/clock.h"
#include "util/parallel.h"
#include "util/text.h"
#include "util/yaml_reader.h"
#include "util/yaml_slices.h"

namespace drivemock::scenario {
namespace {

namespace fs = std::filesystem;
using contract::Operation;
using contract::OperationSet;

const YamlKeys kSetKeys = {"name",     "unknown_uuids", "operations",
                           "defaults", "directories",   "limits"};
const YamlKeys kLimitKeys = {"calls", "per_ms", "operation", "uuid", "per"};
constexpr int kMaxLimitCalls = 1000000000;
constexpr int kMaxLimitWindowMs = 86400000;  // a day
const YamlKeys kRuleKeys = {"when", "respond", "then", "cycle"};
const YamlKeys kAnswerKeys = {"http",     "body",    "raw",   "headers",
                              "delay_ms", "dribble", "fault", "template"};
const YamlKeys kWeightedAnswerKeys = {"http",    "body",  "raw",      "headers", "delay_ms",
                                      "dribble", "fault", "template", "weight"};
const YamlKeys kDribbleKeys = {"chunks", "over_ms"};
constexpr int kMaxDribbleChunks = 100000;
const YamlKeys kOneOfKeys = {"one_of"};
const YamlKeys kRandomDelayKeys = {"uniform", "lognormal"};
const YamlKeys kLognormalKeys = {"median", "sigma", "max"};
constexpr int kMaxDelayMs = 600000;
constexpr double kMaxWeight = 1e9;
constexpr double kMaxSigma = 10;

/// A token as RFC 9110 defines header names.
bool is_header_name(const std::string& name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](unsigned char c) {
    return std::isalnum(c) || std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string::npos;
  });
}

/// The headers that frame a message (RFC 9112 §6), which drivemock sets.
bool is_framing_header(const std::string& name) {
  return iequals(name, "Content-Length") || iequals(name, "Transfer-Encoding") ||
         iequals(name, "Connection");
}

/// A slice that did not read as the entry it was cut for.
struct SliceMismatch {};

/// Adds the calling thread's CPU time in its scope to `time`, when given.
class TimedYaml {
 public:
  explicit TimedYaml(YamlTime* time) : time_(time), start_(time ? thread_cpu_ms() : 0) {}
  ~TimedYaml() {
    if (time_) time_->cpu_ms += thread_cpu_ms() - start_;
  }
  TimedYaml(const TimedYaml&) = delete;
  TimedYaml& operator=(const TimedYaml&) = delete;

 private:
  YamlTime* time_;
  double start_;
};

using Directories = decltype(ScenarioSet::directories);

/// How a document's directories may be read: by how many threads, at which
/// priority; and where yaml-cpp's part of the time goes (when measured, on
/// one thread).
struct Spread {
  size_t workers = 1;
  Priority priority = Priority::normal;
  YamlTime* yaml_time = nullptr;
};

class DocumentParser {
 public:
  DocumentParser(const std::string& file, Dialect dialect, AnswerPool& bodies,
                 Diagnostics& diagnostics)
      : in_(file, diagnostics), dialect_(dialect), bodies_(bodies) {}

  /// The operations the document adds (`operations:`), each with its
  /// built-in answer. Names and paths of the contract's own are taken.
  std::vector<Operation> parse_operations(const YAML::Node& root) {
    if (!root.IsMap()) return {};
    auto node = yaml_member(root, "operations");
    if (!node) return {};
    auto added = contract::read_definitions(node, in_, contract::AnswerForm::read_by_caller,
                                            contract::builtin_set().get());
    for (auto& op : added) {
      auto answer = yaml_member(yaml_member(node, op.name), "answer");
      if (!answer) {
        op.builtin_message = "Success.";
        op.builtin_code = "success";
      } else if (auto reply = parse_answer(op, answer)) {
        op.builtin_answer = std::move(*reply);
      }
    }
    return added;
  }

  /// The set, with its operations read before; `known` are the operations
  /// its scripts may name besides its own.
  /// With `slices`, the directories are read from those (the root's
  /// `directories` has no value then); a slice that does not read as its
  /// entry throws SliceMismatch, and the caller reads the text whole.
  std::optional<ScenarioSet> parse(const YAML::Node& root, const std::string& default_name,
                                   std::vector<Operation> own, const OperationSet& known,
                                   const std::vector<YamlSlice>* slices = nullptr,
                                   Spread spread = {}) {
    size_t errors_before = in_.error_count();
    if (!in_.expect(root, YAML::NodeType::Map, "a mapping with `directories` (a scenario set)")) {
      return std::nullopt;
    }
    auto members = in_.members(root, kSetKeys, "a scenario set");
    ScenarioSet set;
    set.source = in_.file();
    set.name = default_name;
    set.operations = std::move(own);
    own_ = &set.operations;
    known_ = &known;
    if (const auto& name = members["name"]) {
      if (auto s = in_.scalar(name, "a set name (string)")) set.name = *s;
    }
    if (const auto& policy = members["unknown_uuids"]) parse_policy(policy, set);
    if (const auto& defaults = members["defaults"]) parse_defaults(defaults, set);
    if (const auto& limits = members["limits"]) parse_limits(limits, set);
    if (slices) {
      parse_directory_slices(*slices, set.directories, spread);
    } else if (const auto& directories = members["directories"]) {
      parse_directories(directories, set);
    }
    if (in_.error_count() != errors_before) return std::nullopt;
    return set;
  }

 private:
  YamlReader in_;
  Dialect dialect_;
  AnswerPool& bodies_;
  const std::vector<Operation>* own_ = nullptr;
  const OperationSet* known_ = nullptr;

  /// The operation of that name: the document's own first, then those in force.
  const Operation* find_operation(const std::string& name) const {
    for (const auto& op : *own_) {
      if (op.name == name) return &op;
    }
    return known_->by_name(name);
  }

  std::string operation_names() const {
    std::string out = known_->names();
    for (const auto& op : *own_) {
      if (!known_->by_name(op.name)) out += (out.empty() ? "" : ", ") + op.name;
    }
    return out;
  }

  const Operation* operation(const YAML::Node& key, const std::string& where) {
    const Operation* op = find_operation(key.Scalar());
    if (!op) {
      in_.error(key, "unknown operation '" + key.Scalar() + "' in " + where +
                         "; expected one of: " + operation_names());
    }
    return op;
  }

  void parse_policy(const YAML::Node& node, ScenarioSet& set) {
    auto text = in_.scalar(node, "accept or reject");
    if (!text) return;
    if (*text == "accept" || *text == "reject") {
      set.unknown_uuids = *text == "accept" ? UnknownUuids::accept : UnknownUuids::reject;
    } else {
      in_.error(node, "unknown_uuids is '" + *text + "'; expected accept or reject");
    }
  }

  void parse_defaults(const YAML::Node& node, ScenarioSet& set) {
    if (!in_.expect(node, YAML::NodeType::Map, "a mapping of operation to answer or rules")) return;
    for (const auto& kv : node) {
      const Operation* op = operation(kv.first, "defaults");
      if (!op) continue;
      set.defaults[op->name] = parse_operation(*op, kv.second);
    }
  }

  void parse_limits(const YAML::Node& node, ScenarioSet& set) {
    if (!in_.expect(node, YAML::NodeType::Sequence,
                    "a list of rate limits ({calls: N, per_ms: T, ...})")) {
      return;
    }
    int index = 0;
    for (const auto& item : node) {
      ++index;
      if (auto limit = parse_limit(item)) {
        limit->index = index;
        set.limits.push_back(std::move(*limit));
      }
    }
  }

  std::optional<Limit> parse_limit(const YAML::Node& node) {
    if (!in_.expect(node, YAML::NodeType::Map, "a rate limit ({calls: N, per_ms: T, ...})")) {
      return std::nullopt;
    }
    size_t errors_before = in_.error_count();
    auto members = in_.members(node, kLimitKeys, "a rate limit");
    Limit limit;
    const auto& calls = members["calls"];
    const auto& per_ms = members["per_ms"];
    if (!calls || !per_ms) {
      in_.error(node, "a rate limit needs calls (how many) and per_ms (in what window, ms)");
      return std::nullopt;
    }
    limit.calls = in_.integer(calls, "calls", 1, kMaxLimitCalls).value_or(1);
    limit.per_ms = in_.integer(per_ms, "per_ms", 1, kMaxLimitWindowMs).value_or(1);
    if (const auto& op = members["operation"]) {
      if (const Operation* known = operation(op, "a rate limit")) limit.operation = known->name;
    }
    if (const auto& uuid = members["uuid"]) limit.uuid = in_.scalar(uuid, "a uuid (string)");
    if (const auto& per = members["per"]) {
      auto text = in_.scalar(per, "uuid or all");
      if (text == "uuid" || text == "all") {
        limit.per = *text == "uuid" ? Limit::Per::uuid : Limit::Per::all;
      } else if (text) {
        in_.error(per, "per is '" + *text +
                           "'; expected uuid (each uuid counted on its own) or "
                           "all (every call together)");
      }
    }
    if (in_.error_count() != errors_before) return std::nullopt;
    return limit;
  }

  void parse_directories(const YAML::Node& node, ScenarioSet& set) {
    if (!in_.expect(node, YAML::NodeType::Map, "a mapping of directory uuid to its script")) return;
    for (const auto& kv : node) parse_directory_entry(kv.first, kv.second, set.directories);
  }

  /// The slices' directories, in parts of the list read side by side when
  /// `spread` has several workers; diagnostics in the list's order.
  void parse_directory_slices(const std::vector<YamlSlice>& slices, Directories& directories,
                              Spread spread) {
    size_t parts = std::min(spread.workers, slices.size());
    if (parts <= 1) {
      parse_slice_range(slices.data(), slices.data() + slices.size(), directories,
                        spread.yaml_time);
      return;
    }
    struct Part {
      Diagnostics diagnostics;
      AnswerPool bodies;  // a copy of each body per part, and no lock per answer
      Directories directories;
      bool mismatch = false;
    };
    std::vector<Part> out(parts);
    parallel_for(
        parts,
        [&](size_t i, size_t) {
          DocumentParser part(in_.file(), dialect_, out[i].bodies, out[i].diagnostics);
          part.own_ = own_;
          part.known_ = known_;
          const YamlSlice* first = slices.data();
          try {
            part.parse_slice_range(first + i * slices.size() / parts,
                                   first + (i + 1) * slices.size() / parts, out[i].directories,
                                   nullptr);
          } catch (const SliceMismatch&) {
            out[i].mismatch = true;
          }
        },
        spread.priority);
    for (auto& part : out) {
      if (part.mismatch) throw SliceMismatch{};
    }
    for (auto& part : out) {
      in_.adopt(part.diagnostics);
      // A uuid named twice keeps its last script, as in one read.
      while (!part.directories.empty()) {
        auto node = part.directories.extract(part.directories.begin());
        auto placed = directories.insert(std::move(node));
        if (!placed.inserted) placed.position->second = std::move(placed.node.mapped());
      }
    }
  }

  void parse_slice_range(const YamlSlice* begin, const YamlSlice* end, Directories& directories,
                         YamlTime* yaml_time) {
    for (const YamlSlice* slice = begin; slice != end; ++slice) {
      std::optional<std::pair<YAML::Node, YAML::Node>> entry;
      {
        TimedYaml timed(yaml_time);
        entry = load_slice(*slice);
      }
      if (!entry) throw SliceMismatch{};
      in_.set_first_line(slice->first_line);
      parse_directory_entry(entry->first, entry->second, directories);
      TimedYaml timed(yaml_time);  // freeing the entry's tree
      entry.reset();
    }
    in_.set_first_line(0);
  }

  void parse_directory_entry(const YAML::Node& key, const YAML::Node& value,
                             Directories& directories) {
    auto uuid = in_.scalar(key, "a directory uuid (string)");
    if (!uuid) return;
    // Moved, not copied; generated and recorded files list uuids in order,
    // so the end is the right hint.
    if (auto script = parse_directory(*uuid, value)) {
      directories.insert_or_assign(directories.end(), *uuid, std::move(*script));
    }
  }

  std::optional<DirectoryScript> parse_directory(const std::string& uuid, const YAML::Node& node) {
    if (!in_.expect(node, YAML::NodeType::Map, "a mapping with state and operations")) {
      return std::nullopt;
    }
    DirectoryScript script;
    for (const auto& kv : node) {
      if (kv.first.Scalar() == "state") {
        script.initial_state = in_.scalar(kv.second, "a state name (string)");
        continue;
      }
      const Operation* op = find_operation(kv.first.Scalar());
      if (!op) {
        in_.error(kv.first, "unknown key '" + kv.first.Scalar() + "' in directory '" + uuid +
                                "'; expected state or an operation: " + operation_names());
        continue;
      }
      if (!contract::has_key(*op)) {
        in_.error(kv.first, "operation '" + op->name +
                                "' names no entity (key: null), so no directory can script it; "
                                "expected it under defaults:");
        continue;
      }
      script.operations[op->name] = parse_operation(*op, kv.second);
    }
    return script;
  }

  /// An operation's value: one answer, one rule, or a list of rules.
  std::vector<Rule> parse_operation(const Operation& op, const YAML::Node& node) {
    std::vector<Rule> rules;
    if (node.IsMap() && yaml_member(node, "one_of") && !yaml_has_any_key(node, kRuleKeys)) {
      // `trash: {one_of: [...]}`: a rule with that respond and no condition.
      Rule rule;
      rule.answers = parse_respond(op, node, rule.weights);
      rules.push_back(std::move(rule));
      return rules;
    }
    if (node.IsMap() && !yaml_has_any_key(node, kRuleKeys)) {
      if (auto answer = parse_answer(op, node)) {
        Rule rule;
        rule.answers.push_back(std::move(*answer));
        rules.push_back(std::move(rule));
      }
      return rules;
    }
    if (node.IsMap()) {
      if (auto rule = parse_rule(op, node)) rules.push_back(std::move(*rule));
      return rules;
    }
    if (!in_.expect(node, YAML::NodeType::Sequence, "an answer (mapping) or a list of rules")) {
      return rules;
    }
    for (const auto& item : node) {
      if (auto rule = parse_rule(op, item)) rules.push_back(std::move(*rule));
    }
    if (node.size() == 0) in_.error(node, "expected at least one rule in the list");
    return rules;
  }

  std::optional<Rule> parse_rule(const Operation& op, const YAML::Node& node) {
    if (!in_.expect(node, YAML::NodeType::Map, "a rule (mapping with respond)"))
      return std::nullopt;
    if (!yaml_member(node, "respond")) {
      in_.error(node, "a rule needs `respond` (an answer or a list of answers); keys allowed: " +
                          join_keys(kRuleKeys));
      return std::nullopt;
    }
    auto members = in_.members(node, kRuleKeys, "a rule");
    Rule rule;
    if (const auto& when = members["when"]) rule.when = parse_when(op, when);
    rule.answers = parse_respond(op, members["respond"], rule.weights);
    if (const auto& then = members["then"]) rule.then = in_.scalar(then, "a state name (string)");
    if (const auto& cycle = members["cycle"]) {
      rule.cycle = in_.boolean(cycle, "cycle").value_or(false);
      if (rule.cycle && !rule.weights.empty()) {
        in_.error(cycle, "cycle loops a sequence of answers; a one_of picks afresh on every call");
      }
    }
    return rule;
  }

  /// An answer, a sequence of answers, or `{one_of: [...]}` (then `weights`
  /// gets one weight per answer).
  std::vector<Reply> parse_respond(const Operation& op, const YAML::Node& node,
                                   std::vector<double>& weights) {
    if (node.IsMap() && yaml_member(node, "one_of")) return parse_one_of(op, node, weights);
    std::vector<Reply> answers;
    if (node.IsSequence()) {
      for (const auto& item : node) {
        if (auto answer = parse_answer(op, item)) answers.push_back(std::move(*answer));
      }
      if (node.size() == 0) in_.error(node, "expected at least one answer in the sequence");
    } else if (auto answer = parse_answer(op, node)) {
      answers.push_back(std::move(*answer));
    }
    return answers;
  }

  std::vector<Reply> parse_one_of(const Operation& op, const YAML::Node& node,
                                  std::vector<double>& weights) {
    std::vector<Reply> answers;
    auto members = in_.members(node, kOneOfKeys, "a one_of");
    const YAML::Node& list = members["one_of"];
    if (!in_.expect(list, YAML::NodeType::Sequence, "a list of answers to pick from (one_of)")) {
      return answers;
    }
    if (list.size() == 0) in_.error(list, "expected at least one answer in one_of");
    double total = 0;
    for (const auto& item : list) {
      double weight = 1;
      if (auto answer = parse_answer(op, item, &weight)) {
        answers.push_back(std::move(*answer));
        weights.push_back(weight);
        total += weight;
      }
    }
    if (list.size() > 0 && answers.size() == list.size() && total <= 0) {
      in_.error(list,
                "the weights of one_of add up to 0; give at least one answer a weight above 0");
    }
    return answers;
  }

  Condition parse_when(const Operation& op, const YAML::Node& node) {
    Condition condition;
    if (!in_.expect(node, YAML::NodeType::Map, "a mapping of state and body fields"))
      return condition;
    for (const auto& kv : node) {
      const std::string& key = kv.first.Scalar();
      if (key == "state") {
        condition.state = in_.scalar(kv.second, "a state name (string)");
        continue;
      }
      auto field = std::find_if(op.fields.begin(), op.fields.end(),
                                [&](const contract::Field& f) { return f.name == key; });
      if (field == op.fields.end()) {
        in_.error(kv.first, "unknown key '" + key + "' in when of " + op.name +
                                "; expected state or a body field of " + op.name + ": " +
                                contract::field_names(op.fields));
        continue;
      }
      condition.fields.push_back({key, condition_json(kv.second, field->type)});
    }
    return condition;
  }

  /// An answer; with `weight`, an answer of a one_of, which may have one.
  std::optional<Reply> parse_answer(const Operation& op, const YAML::Node& node,
                                    double* weight = nullptr) {
    if (!in_.expect(node, YAML::NodeType::Map,
                    "an answer (mapping with http, body, raw, headers, "
                    "delay_ms or fault)")) {
      return std::nullopt;
    }
    size_t errors_before = in_.error_count();
    auto members = in_.members(node, weight ? kWeightedAnswerKeys : kAnswerKeys,
                               weight ? "an answer of one_of" : "an answer");
    Reply answer;
    if (const auto& http = members["http"])
      answer.status = in_.integer(http, "an HTTP status", 100, 599).value_or(200);
    if (const auto& delay = members["delay_ms"]) parse_delay(delay, answer);
    if (const auto& dribble = members["dribble"]) parse_dribble(dribble, answer);
    if (weight) {
      if (const auto& w = members["weight"]) {
        *weight = in_.number(w, "a weight", 0, kMaxWeight).value_or(0);
      }
    }
    if (const auto& fault = members["fault"]) parse_fault(fault, answer);
    if (const auto& headers = members["headers"]) parse_headers(headers, answer);
    parse_body(op, members["body"], members["raw"], answer);
    if (const auto& templated = members["template"]) {
      if (in_.boolean(templated, "template").value_or(false)) {
        answer.templated = members["raw"] ? Templated::raw_body : Templated::json_body;
        check_templates(op, members["body"], members["raw"], members["headers"]);
      }
    }
    if (in_.error_count() != errors_before) return std::nullopt;
    return answer;
  }

  /// `delay_ms`: milliseconds, `{uniform: [MIN, MAX]}` or
  /// `{lognormal: {median: M, sigma: S, max: CAP}}` (CAP defaults to the
  /// longest delay, 600000).
  void parse_delay(const YAML::Node& node, Reply& answer) {
    if (!node.IsMap()) {
      if (node.IsSequence()) {
        in_.error(node,
                  "delay_ms is milliseconds, {uniform: [MIN, MAX]} or "
                  "{lognormal: {median: M, sigma: S, max: CAP}}; found a list");
        return;
      }
      answer.delay_ms = in_.integer(node, "delay_ms", 0, kMaxDelayMs).value_or(0);
      return;
    }
    auto members = in_.members(node, kRandomDelayKeys, "a random delay");
    const auto& uniform = members["uniform"];
    const auto& lognormal = members["lognormal"];
    if (!uniform == !lognormal) {
      // Other keys are reported already, with the keys expected.
      if (uniform || node.size() == 0) {
        in_.error(node,
                  "a random delay is either {uniform: [MIN, MAX]} or "
                  "{lognormal: {median: M, sigma: S, max: CAP}}");
      }
      return;
    }
    DelayDistribution d;
    if (uniform) {
      if (!in_.expect(uniform, YAML::NodeType::Sequence, "[MIN, MAX] in milliseconds")) return;
      if (uniform.size() != 2) {
        in_.error(uniform, "expected [MIN, MAX] in milliseconds, found a list of " +
                               std::to_string(uniform.size()));
        return;
      }
      auto min = in_.integer(uniform[0], "the least delay_ms", 0, kMaxDelayMs);
      auto max = in_.integer(uniform[1], "the most delay_ms", 0, kMaxDelayMs);
      if (!min || !max) return;
      if (*min > *max) {
        in_.error(uniform, "uniform delay from " + std::to_string(*min) + " to " +
                               std::to_string(*max) + " ms: MIN must not be above MAX");
        return;
      }
      d.min_ms = *min;
      d.max_ms = *max;
    } else {
      if (!in_.expect(lognormal, YAML::NodeType::Map, "{median: M, sigma: S, max: CAP}")) return;
      auto fields = in_.members(lognormal, kLognormalKeys, "a lognormal delay");
      std::optional<double> median, sigma;
      if (const auto& m = fields["median"]) median = in_.number(m, "median (ms)", 0, kMaxDelayMs);
      if (const auto& s = fields["sigma"]) sigma = in_.number(s, "sigma", 0, kMaxSigma);
      if (!fields["median"] || !fields["sigma"]) {
        in_.error(lognormal, "a lognormal delay needs median (ms) and sigma; max (ms) is optional");
      }
      if (!median || !sigma) return;
      d.kind = DelayDistribution::Kind::lognormal;
      d.median_ms = *median;
      d.sigma = *sigma;
      d.max_ms = kMaxDelayMs;
      if (const auto& cap = fields["max"]) {
        auto value = in_.integer(cap, "max (ms)", 0, kMaxDelayMs);
        if (!value) return;
        d.max_ms = *value;
      }
    }
    answer.random_delay = std::make_shared<const DelayDistribution>(d);
  }

  /// `dribble: {chunks: N, over_ms: T}`: both needed.
  void parse_dribble(const YAML::Node& node, Reply& answer) {
    if (!in_.expect(node, YAML::NodeType::Map, "{chunks: N, over_ms: T} (dribble)")) return;
    auto members = in_.members(node, kDribbleKeys, "dribble");
    const auto& chunks = members["chunks"];
    const auto& over = members["over_ms"];
    if (!chunks || !over) {
      in_.error(node, "dribble needs chunks (how many pieces) and over_ms (over how long)");
      return;
    }
    auto n = in_.integer(chunks, "chunks", 1, kMaxDribbleChunks);
    auto ms = in_.integer(over, "over_ms", 0, kMaxDelayMs);
    if (n && ms) answer.dribble = Dribble{*n, *ms};
  }

  /// Load errors for the placeholders of every string a template fills in.
  void check_templates(const Operation& op, const YAML::Node& body, const YAML::Node& raw,
                       const YAML::Node& headers) {
    check_template_strings(op, body);
    check_template_strings(op, raw);
    if (headers && headers.IsMap()) {
      for (const auto& kv : headers) check_template_strings(op, kv.second);
    }
  }

  void check_template_strings(const Operation& op, const YAML::Node& node) {
    if (!node) return;
    if (node.IsScalar()) {
      for (auto& problem : template_problems(node.Scalar(), op)) in_.error(node, problem);
    } else if (node.IsMap()) {
      for (const auto& kv : node) check_template_strings(op, kv.second);
    } else if (node.IsSequence()) {
      for (const auto& item : node) check_template_strings(op, item);
    }
  }

  void parse_fault(const YAML::Node& node, Reply& answer) {
    auto name = in_.scalar(node, "a fault name");
    if (!name) return;
    if (auto fault = fault_from_name(*name)) {
      answer.fault = *fault;
    } else {
      in_.error(node,
                "unknown fault '" + *name + "'; expected one of: reset, empty, malformed, hang");
    }
  }

  void parse_headers(const YAML::Node& node, Reply& answer) {
    if (!in_.expect(node, YAML::NodeType::Map, "a mapping of header name to value")) return;
    std::vector<Header> headers;
    for (const auto& kv : node) {
      const std::string& name = kv.first.Scalar();
      auto value = in_.scalar(kv.second, "a header value (string)");
      if (!is_header_name(name)) {
        in_.error(kv.first, "header name '" + name + "' is not a valid HTTP token");
      } else if (is_framing_header(name)) {
        // drivemock frames every answer itself: a second Content-Length, or
        // both framings, makes clients read the answer differently (Node
        // refuses it; a proxy in between may split it into two answers).
        in_.error(kv.first, "header '" + name +
                                "' is set by drivemock from the answer itself; expected another "
                                "header (the body's length and the connection are not "
                                "scriptable: use raw, dribble or fault)");
      } else if (value && value->find_first_of("\r\n") != std::string::npos) {
        in_.error(kv.second, "header '" + name + "' has a line break in its value");
      } else if (value) {
        headers.push_back({name, *value});
      }
    }
    if (!headers.empty()) answer.headers = bodies_.intern(std::move(headers));
  }

  void parse_body(const Operation& op, const YAML::Node& body, const YAML::Node& raw,
                  Reply& answer) {
    if (body && raw) {
      in_.error(raw, "an answer has either body or raw, not both");
    } else if (raw) {
      if (auto text = in_.scalar(raw, "raw text (string)")) {
        answer.body = bodies_.intern(std::move(*text));
      }
    } else if (body && in_.expect(body, YAML::NodeType::Map, "a body mapping (sent as JSON)")) {
      std::string json = yaml_to_json(body);
      answer.body = bodies_.intern(std::move(json));
      warn_on_answer_body(op, body, answer.body);
    }
  }

  void warn_on_answer_body(const Operation& op, const YAML::Node& at,
                           const std::shared_ptr<const std::string>& json) {
    const auto& violations = bodies_.violations(json, [&](const std::string& text) {
      rapidjson::Document doc;
      doc.Parse(text.data(), text.size());
      return contract::check_fields(contract::answer_fields(Envelope(dialect_)), doc, "answer body",
                                    contract::UnknownFields::allow);
    });
    for (const auto& v : violations) {
      in_.warning(
          at, v.message + (dialect_ == Dialect::service
                               ? " (in the service dialect status is true or false: the official "
                                 "client reads any status but false as a success)"
                               : " (the contract of " + op.name +
                                     " answers has string status, message, code)"));
    }
  }
};

std::optional<std::string> read_file(const fs::path& path, Diagnostics& diagnostics) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    diagnostics.push_back(
        {Severity::error, path.string(), 0, 0, "cannot read the file (missing or not readable)"});
    return std::nullopt;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::vector<fs::path> scenario_files(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    auto ext = entry.path().extension();
    if (entry.is_regular_file() && (ext == ".yaml" || ext == ".yml")) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

/// One document of a load: where it comes from, and what each pass over it
/// found. Passes that run in parallel write only to their own document.
struct Document {
  std::string file;  ///< its path, or "inline-N"
  std::string default_name;
  std::optional<std::string> text;   ///< given for inline texts, else read from `file`
  std::optional<SlicedYaml> sliced;  ///< its directories, one slice each (views into `text`)
  std::optional<YAML::Node> root;    ///< all of it, or all but the sliced directories
  std::vector<Operation> added;
  std::optional<ScenarioSet> set;
  Diagnostics read, operations, parse;  ///< what each pass found
};

Document file_document(const fs::path& path) {
  Document doc;
  doc.file = path.string();
  doc.default_name = path.stem().string();
  return doc;
}

/// The bytes the documents hold (files by their size on disk).
uintmax_t document_bytes(const std::vector<Document>& documents) {
  uintmax_t bytes = 0;
  for (const auto& doc : documents) {
    std::error_code ec;
    uintmax_t size = doc.text ? doc.text->size() : fs::file_size(doc.file, ec);
    if (!ec) bytes += size;
  }
  return bytes;
}

/// `allowed` when the load is big (see kBigDocumentBytes), else normal.
Priority priority_for(uintmax_t bytes, Priority allowed) {
  return allowed == Priority::background && bytes > kBigDocumentBytes ? Priority::background
                                                                      : Priority::normal;
}

/// The documents of a load: files (a directory's in name order), then texts.
std::vector<Document> documents_of(const std::vector<std::string>& paths,
                                   const std::vector<std::string>& texts) {
  std::vector<Document> documents;
  for (const auto& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      for (const auto& file : scenario_files(p)) documents.push_back(file_document(file));
    } else {
      documents.push_back(file_document(p));
    }
  }
  for (size_t i = 0; i < texts.size(); ++i) {
    Document doc;
    doc.file = doc.default_name = "inline-" + std::to_string(i + 1);
    doc.text = texts[i];
    documents.push_back(std::move(doc));
  }
  return documents;
}

/// Reads the document's text (unless given) and parses it: a big one's
/// directories slice by slice when it lends itself to that, else whole.
void read_document(Document& doc, YamlTime* yaml_time) {
  if (!doc.text) doc.text = read_file(doc.file, doc.read);
  if (!doc.text) return;
  TimedYaml timed(yaml_time);
  if (doc.text->size() > kBigDocumentBytes) doc.sliced = slice_yaml(*doc.text, "directories");
  doc.root =
      load_yaml(doc.sliced ? std::string_view(doc.sliced->rest) : *doc.text, doc.file, doc.read);
}

/// The document's set, from its root and slices, with the operations read
/// before. Should a slice not read as its entry, the text is read whole.
void read_set(Document& doc, Dialect dialect, AnswerPool& bodies, const OperationSet& usable,
              Spread spread) {
  YamlTime* yaml_time = spread.yaml_time;
  if (!doc.root) return;
  if (doc.sliced) {
    try {
      doc.set =
          DocumentParser(doc.file, dialect, bodies, doc.parse)
              .parse(*doc.root, doc.default_name, doc.added, usable, &doc.sliced->entries, spread);
    } catch (const SliceMismatch&) {
      doc.parse.clear();
      doc.sliced.reset();
      TimedYaml timed(yaml_time);
      doc.root.reset();  // not assigned over: that would write into the old tree
      doc.root = load_yaml(*doc.text, doc.file, doc.parse);
    }
  }
  if (!doc.sliced && doc.root) {
    doc.set = DocumentParser(doc.file, dialect, bodies, doc.parse)
                  .parse(*doc.root, doc.default_name, std::move(doc.added), usable);
  }
  TimedYaml timed(yaml_time);
  doc.root.reset();
  doc.sliced.reset();
  if (doc.set && doc.text) {
    doc.set->text_bytes = doc.text->size();
    if (doc.text->size() <= kBigDocumentBytes) {
      doc.set->text = std::make_shared<const std::string>(std::move(*doc.text));
    }
  }
  doc.text.reset();
}

/// Adds to `usable` those of `added` it has no operation of that name for;
/// one that defines a dialect's operation again replaces it.
void add_new(OperationSet& usable, const std::vector<Operation>& added) {
  for (const auto& op : added) {
    auto& list = usable.list;
    std::erase_if(list, [&](const Operation& o) { return o.name == op.name && from_dialect(o); });
    if (!usable.by_name(op.name)) list.push_back(op);
  }
}

/// Parses documents in three passes. Reading and YAML parsing, one document
/// per core; then every document's `operations:`, so that a script may use
/// an operation another file of the same load adds; then the sets, one
/// document per core again. Diagnostics come out in document order within
/// each pass, as a one-thread load would give them. Two definitions of one
/// operation are left to the catalog, which reports them at the second.
Checked<std::vector<ScenarioSet>> parse_documents(std::vector<Document>& documents, Dialect dialect,
                                                  const OperationSet& known, Priority allowed) {
  const Priority priority = priority_for(document_bytes(documents), allowed);
  parallel_for(
      documents.size(), [&](size_t i, size_t) { read_document(documents[i], nullptr); }, priority);
  AnswerPool operation_bodies;
  OperationSet usable = known;
  for (auto& doc : documents) {
    if (!doc.root) continue;
    doc.added = DocumentParser(doc.file, dialect, operation_bodies, doc.operations)
                    .parse_operations(*doc.root);
    add_new(usable, doc.added);
  }
  // A big document alone has its directories read by every core.
  Spread spread{1, priority, nullptr};
  if (documents.size() == 1 && documents[0].sliced) {
    spread.workers = worker_count(documents[0].sliced->entries.size());
  }
  // One pool per thread: identical bodies are shared within a thread's
  // files, and no lock is taken per answer.
  std::vector<AnswerPool> bodies(worker_count(documents.size()));
  parallel_for(
      documents.size(),
      [&](size_t i, size_t worker) {
        read_set(documents[i], dialect, bodies[worker], usable, spread);
      },
      priority);
  Checked<std::vector<ScenarioSet>> parsed{std::vector<ScenarioSet>{}, {}};
  for (const auto& doc : documents) append(parsed.diagnostics, doc.read);
  for (const auto& doc : documents) append(parsed.diagnostics, doc.operations);
  for (auto& doc : documents) {
    append(parsed.diagnostics, doc.parse);
    if (doc.set) parsed->push_back(std::move(*doc.set));
  }
  return parsed;
}

const OperationSet& or_builtin(const OperationSet* known, Dialect dialect) {
  return known ? *known : dialect_operations(dialect);
}

}  // namespace

Checked<ScenarioSet> parse_scenario(std::string_view text, const std::string& file,
                                    const std::string& default_name, Dialect dialect,
                                    const OperationSet* known, Priority priority) {
  std::vector<Document> documents(1);
  documents[0].file = file;
  documents[0].default_name = default_name;
  documents[0].text = std::string(text);
  auto sets = parse_documents(documents, dialect, or_builtin(known, dialect), priority);
  Checked<ScenarioSet> parsed{std::nullopt, std::move(sets.diagnostics)};
  if (!sets->empty()) parsed.value = std::move(sets->front());
  return parsed;
}

Checked<ScenarioSet> parse_scenario_measured(std::string_view text, const std::string& file,
                                             const std::string& default_name, YamlTime& yaml_time) {
  Document doc;
  doc.file = file;
  doc.default_name = default_name;
  doc.text = std::string(text);
  read_document(doc, &yaml_time);
  AnswerPool bodies;
  const OperationSet& builtin = *contract::builtin_set();
  OperationSet usable = builtin;
  if (doc.root) {
    doc.added = DocumentParser(doc.file, Dialect::document, bodies, doc.operations)
                    .parse_operations(*doc.root);
    add_new(usable, doc.added);
  }
  read_set(doc, Dialect::document, bodies, usable, {1, Priority::normal, &yaml_time});
  Checked<ScenarioSet> parsed{std::move(doc.set), std::move(doc.read)};
  append(parsed.diagnostics, doc.operations);
  append(parsed.diagnostics, doc.parse);
  return parsed;
}

Checked<std::vector<ScenarioSet>> load_scenario_paths(const std::vector<std::string>& paths,
                                                      Dialect dialect, const OperationSet* known) {
  return load_scenarios(paths, {}, dialect, known);
}

Checked<std::vector<ScenarioSet>> load_scenarios(const std::vector<std::string>& paths,
                                                 const std::vector<std::string>& texts,
                                                 Dialect dialect, const OperationSet* known,
                                                 Priority priority) {
  std::vector<Document> documents = documents_of(paths, texts);
  size_t files = documents.size() - texts.size();
  auto sets = parse_documents(documents, dialect, or_builtin(known, dialect), priority);
  // Sets with errors are left out, so tell inline ones by their source.
  for (auto& set : *sets) {
    bool from_file = std::any_of(documents.begin(), documents.begin() + static_cast<long>(files),
                                 [&](const Document& d) { return d.file == set.source; });
    if (!from_file) set.source = "inline";
  }
  return sets;
}

Priority load_priority(const std::vector<std::string>& paths, const std::vector<std::string>& texts,
                       Priority allowed) {
  uintmax_t bytes = document_bytes(documents_of(paths, {}));
  for (const auto& text : texts) bytes += text.size();
  return priority_for(bytes, allowed);
}

Priority load_priority(std::string_view text, Priority allowed) {
  return priority_for(text.size(), allowed);
}

}  // namespace drivemock::scenario
