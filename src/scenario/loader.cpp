// The scenario grammar, one function per construct (set, directory,
// operation, rule, answer, condition). Each reports what it expected and where,
// and returns nothing for a construct it could not read; the caller carries on
// with the next one so that a file's errors are reported together.
#include "scenario/loader.h"

#include <rapidjson/document.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "contract/field_checks.h"
#include "contract/operations.h"
#include "scenario/yaml_json.h"

namespace drivemock::scenario {
namespace {

namespace fs = std::filesystem;
using contract::Operation;
using Keys = std::vector<std::string_view>;

const Keys kSetKeys = {"name", "unknown_uuids", "defaults", "directories"};
const Keys kRuleKeys = {"when", "respond", "then", "cycle"};
const Keys kAnswerKeys = {"http", "body", "raw", "headers", "delay_ms", "fault"};
constexpr int kMaxDelayMs = 600000;

std::string join(const Keys& keys) {
  std::string out;
  for (auto k : keys) out += (out.empty() ? "" : ", ") + std::string(k);
  return out;
}

const char* node_kind(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Map: return "a mapping";
    case YAML::NodeType::Sequence: return "a list";
    case YAML::NodeType::Scalar: return "a scalar";
    default: return "nothing";
  }
}

/// The value under `key` in a mapping, or an undefined node (false in `if`).
/// A scan instead of yaml-cpp's operator[], which builds a stringstream per
/// comparison.
YAML::Node member(const YAML::Node& map, std::string_view key) {
  for (const auto& kv : map) {
    if (kv.first.Scalar() == key) return kv.second;
  }
  return YAML::Node(YAML::NodeType::Undefined);
}

bool has_any_key(const YAML::Node& map, const Keys& keys) {
  for (const auto& kv : map) {
    if (std::find(keys.begin(), keys.end(), kv.first.Scalar()) != keys.end()) return true;
  }
  return false;
}

/// A token as RFC 9110 defines header names.
bool is_header_name(const std::string& name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](unsigned char c) {
    return std::isalnum(c) || std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string::npos;
  });
}

class DocumentParser {
 public:
  DocumentParser(const std::string& file, Dialect dialect, Diagnostics& diagnostics)
      : file_(file), dialect_(dialect), diagnostics_(diagnostics) {}

  std::optional<ScenarioSet> parse(const YAML::Node& root, const std::string& default_name) {
    size_t errors_before = error_count();
    if (!expect(root, YAML::NodeType::Map, "a mapping with `directories` (a scenario set)")) {
      return std::nullopt;
    }
    check_keys(root, kSetKeys, "a scenario set");
    ScenarioSet set;
    set.source = file_;
    set.name = default_name;
    if (auto name = member(root, "name")) {
      if (auto s = scalar(name, "a set name (string)")) set.name = *s;
    }
    if (auto policy = member(root, "unknown_uuids")) parse_policy(policy, set);
    if (auto defaults = member(root, "defaults")) parse_defaults(defaults, set);
    if (auto directories = member(root, "directories")) parse_directories(directories, set);
    if (error_count() != errors_before) return std::nullopt;
    return set;
  }

 private:
  const std::string& file_;
  Dialect dialect_;
  Diagnostics& diagnostics_;

  size_t error_count() const {
    return static_cast<size_t>(
        std::count_if(diagnostics_.begin(), diagnostics_.end(),
                      [](const Diagnostic& d) { return d.severity == Severity::error; }));
  }

  void report(Severity severity, const YAML::Node& at, std::string message) {
    YAML::Mark mark = at.Mark();
    // Nodes without a mark (an empty document's root) point at the start.
    int line = mark.is_null() ? 1 : mark.line + 1;
    int column = mark.is_null() ? 1 : mark.column + 1;
    diagnostics_.push_back({severity, file_, line, column, std::move(message)});
  }
  void error(const YAML::Node& at, std::string message) {
    report(Severity::error, at, std::move(message));
  }

  bool expect(const YAML::Node& node, YAML::NodeType::value type, const std::string& expected) {
    if (node.Type() == type) return true;
    error(node, std::string("expected ") + expected + ", found " + node_kind(node));
    return false;
  }

  void check_keys(const YAML::Node& map, const Keys& allowed, const std::string& what) {
    for (const auto& kv : map) {
      const std::string& key = kv.first.Scalar();
      if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
        error(kv.first,
              "unknown key '" + key + "' in " + what + "; expected one of: " + join(allowed));
      }
    }
  }

  std::optional<std::string> scalar(const YAML::Node& node, const std::string& expected) {
    if (!expect(node, YAML::NodeType::Scalar, expected)) return std::nullopt;
    return node.Scalar();
  }

  std::optional<int> integer(const YAML::Node& node, const std::string& what, int min, int max) {
    auto text = scalar(node, what);
    if (!text) return std::nullopt;
    int value = 0;
    const char* end = text->data() + text->size();
    auto [p, ec] = std::from_chars(text->data(), end, value);
    if (ec != std::errc() || p != end || value < min || value > max) {
      error(node, "expected " + what + " from " + std::to_string(min) + " to " +
                      std::to_string(max) + ", found '" + *text + "'");
      return std::nullopt;
    }
    return value;
  }

  std::optional<bool> boolean(const YAML::Node& node, const std::string& what) {
    auto text = scalar(node, what);
    if (!text) return std::nullopt;
    if (*text == "true") return true;
    if (*text == "false") return false;
    error(node, "expected " + what + " (true or false), found '" + *text + "'");
    return std::nullopt;
  }

  const Operation* operation(const YAML::Node& key, const std::string& where) {
    const Operation* op = contract::find_by_name(key.Scalar());
    if (!op) {
      error(key, "unknown operation '" + key.Scalar() + "' in " + where +
                     "; expected one of: " + contract::operation_names());
    }
    return op;
  }

  void parse_policy(const YAML::Node& node, ScenarioSet& set) {
    auto text = scalar(node, "accept or reject");
    if (!text) return;
    if (*text == "accept" || *text == "reject") {
      set.unknown_uuids = *text == "accept" ? UnknownUuids::accept : UnknownUuids::reject;
    } else {
      error(node, "unknown_uuids is '" + *text + "'; expected accept or reject");
    }
  }

  void parse_defaults(const YAML::Node& node, ScenarioSet& set) {
    if (!expect(node, YAML::NodeType::Map, "a mapping of operation to answer")) return;
    for (const auto& kv : node) {
      const Operation* op = operation(kv.first, "defaults");
      if (!op) continue;
      if (auto answer = parse_answer(*op, kv.second)) set.defaults[op->name] = std::move(*answer);
    }
  }

  void parse_directories(const YAML::Node& node, ScenarioSet& set) {
    if (!expect(node, YAML::NodeType::Map, "a mapping of directory uuid to its script")) return;
    for (const auto& kv : node) {
      auto uuid = scalar(kv.first, "a directory uuid (string)");
      if (!uuid) continue;
      if (auto script = parse_directory(*uuid, kv.second)) set.directories[*uuid] = *script;
    }
  }

  std::optional<DirectoryScript> parse_directory(const std::string& uuid, const YAML::Node& node) {
    if (!expect(node, YAML::NodeType::Map, "a mapping with state and operations")) {
      return std::nullopt;
    }
    DirectoryScript script;
    for (const auto& kv : node) {
      if (kv.first.Scalar() == "state") {
        script.initial_state = scalar(kv.second, "a state name (string)");
        continue;
      }
      const Operation* op = contract::find_by_name(kv.first.Scalar());
      if (!op) {
        error(kv.first, "unknown key '" + kv.first.Scalar() + "' in directory '" + uuid +
                            "'; expected state or an operation: " + contract::operation_names());
        continue;
      }
      script.operations[op->name] = parse_operation(*op, kv.second);
    }
    return script;
  }

  /// An operation's value: one answer, one rule, or a list of rules.
  std::vector<Rule> parse_operation(const Operation& op, const YAML::Node& node) {
    std::vector<Rule> rules;
    if (node.IsMap() && !has_any_key(node, kRuleKeys)) {
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
    if (!expect(node, YAML::NodeType::Sequence, "an answer (mapping) or a list of rules")) {
      return rules;
    }
    for (const auto& item : node) {
      if (auto rule = parse_rule(op, item)) rules.push_back(std::move(*rule));
    }
    if (node.size() == 0) error(node, "expected at least one rule in the list");
    return rules;
  }

  std::optional<Rule> parse_rule(const Operation& op, const YAML::Node& node) {
    if (!expect(node, YAML::NodeType::Map, "a rule (mapping with respond)")) return std::nullopt;
    if (!member(node, "respond")) {
      error(node, "a rule needs `respond` (an answer or a list of answers); keys allowed: " +
                      join(kRuleKeys));
      return std::nullopt;
    }
    check_keys(node, kRuleKeys, "a rule");
    Rule rule;
    if (auto when = member(node, "when")) rule.when = parse_when(op, when);
    rule.answers = parse_respond(op, member(node, "respond"));
    if (auto then = member(node, "then")) rule.then = scalar(then, "a state name (string)");
    if (auto cycle = member(node, "cycle")) rule.cycle = boolean(cycle, "cycle").value_or(false);
    return rule;
  }

  std::vector<Reply> parse_respond(const Operation& op, const YAML::Node& node) {
    std::vector<Reply> answers;
    if (node.IsSequence()) {
      for (const auto& item : node) {
        if (auto answer = parse_answer(op, item)) answers.push_back(std::move(*answer));
      }
      if (node.size() == 0) error(node, "expected at least one answer in the sequence");
    } else if (auto answer = parse_answer(op, node)) {
      answers.push_back(std::move(*answer));
    }
    return answers;
  }

  Condition parse_when(const Operation& op, const YAML::Node& node) {
    Condition condition;
    if (!expect(node, YAML::NodeType::Map, "a mapping of state and body fields")) return condition;
    for (const auto& kv : node) {
      const std::string& key = kv.first.Scalar();
      if (key == "state") {
        condition.state = scalar(kv.second, "a state name (string)");
        continue;
      }
      auto field = std::find_if(op.fields.begin(), op.fields.end(),
                                [&](const contract::Field& f) { return f.name == key; });
      if (field == op.fields.end()) {
        error(kv.first, "unknown key '" + key + "' in when of " + op.name +
                            "; expected state or a body field of " + op.name + ": " +
                            contract::field_names(op.fields));
        continue;
      }
      condition.fields.push_back({key, condition_json(kv.second, field->type)});
    }
    return condition;
  }

  std::optional<Reply> parse_answer(const Operation& op, const YAML::Node& node) {
    if (!expect(node, YAML::NodeType::Map,
                "an answer (mapping with http, body, raw, headers, "
                "delay_ms or fault)")) {
      return std::nullopt;
    }
    size_t errors_before = error_count();
    check_keys(node, kAnswerKeys, "an answer");
    Reply answer;
    if (auto http = member(node, "http"))
      answer.status = integer(http, "an HTTP status", 100, 599).value_or(200);
    if (auto delay = member(node, "delay_ms")) {
      answer.delay_ms = integer(delay, "delay_ms", 0, kMaxDelayMs).value_or(0);
    }
    if (auto fault = member(node, "fault")) parse_fault(fault, answer);
    if (auto headers = member(node, "headers")) parse_headers(headers, answer);
    parse_body(op, node, answer);
    if (error_count() != errors_before) return std::nullopt;
    return answer;
  }

  void parse_fault(const YAML::Node& node, Reply& answer) {
    auto name = scalar(node, "a fault name");
    if (!name) return;
    if (auto fault = fault_from_name(*name)) {
      answer.fault = *fault;
    } else {
      error(node, "unknown fault '" + *name + "'; expected one of: reset, empty, malformed, hang");
    }
  }

  void parse_headers(const YAML::Node& node, Reply& answer) {
    if (!expect(node, YAML::NodeType::Map, "a mapping of header name to value")) return;
    for (const auto& kv : node) {
      const std::string& name = kv.first.Scalar();
      auto value = scalar(kv.second, "a header value (string)");
      if (!is_header_name(name)) {
        error(kv.first, "header name '" + name + "' is not a valid HTTP token");
      } else if (value && value->find_first_of("\r\n") != std::string::npos) {
        error(kv.second, "header '" + name + "' has a line break in its value");
      } else if (value) {
        answer.headers.push_back({name, *value});
      }
    }
  }

  void parse_body(const Operation& op, const YAML::Node& node, Reply& answer) {
    auto body = member(node, "body");
    auto raw = member(node, "raw");
    if (body && raw) {
      error(raw, "an answer has either body or raw, not both");
    } else if (raw) {
      if (auto text = scalar(raw, "raw text (string)")) {
        answer.body = std::make_shared<const std::string>(std::move(*text));
      }
    } else if (body && expect(body, YAML::NodeType::Map, "a body mapping (sent as JSON)")) {
      std::string json = yaml_to_json(body);
      warn_on_answer_body(op, body, json);
      answer.body = std::make_shared<const std::string>(std::move(json));
    }
  }

  void warn_on_answer_body(const Operation& op, const YAML::Node& at, const std::string& json) {
    rapidjson::Document doc;
    doc.Parse(json.data(), json.size());
    auto violations = contract::check_fields(contract::answer_fields(dialect_), doc, "answer body",
                                             contract::UnknownFields::allow);
    for (const auto& v : violations) {
      report(Severity::warning, at,
             v.message + (dialect_ == Dialect::service
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

void load_file(const fs::path& path, Dialect dialect, Checked<std::vector<ScenarioSet>>& loaded) {
  auto text = read_file(path, loaded.diagnostics);
  if (!text) return;
  auto set = parse_scenario(*text, path.string(), path.stem().string(), dialect);
  append(loaded.diagnostics, set.diagnostics);
  if (set) loaded->push_back(std::move(*set));
}

}  // namespace

Checked<ScenarioSet> parse_scenario(std::string_view text, const std::string& file,
                                    const std::string& default_name, Dialect dialect) {
  Checked<ScenarioSet> parsed;
  try {
    YAML::Node root = YAML::Load(std::string(text));
    parsed.value = DocumentParser(file, dialect, parsed.diagnostics).parse(root, default_name);
  } catch (const YAML::Exception& e) {
    int line = e.mark.is_null() ? 1 : e.mark.line + 1;
    int column = e.mark.is_null() ? 1 : e.mark.column + 1;
    parsed.diagnostics.push_back({Severity::error, file, line, column, "invalid YAML: " + e.msg});
  }
  return parsed;
}

Checked<std::vector<ScenarioSet>> load_scenario_paths(const std::vector<std::string>& paths,
                                                      Dialect dialect) {
  Checked<std::vector<ScenarioSet>> loaded{std::vector<ScenarioSet>{}, {}};
  for (const auto& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      for (const auto& file : scenario_files(p)) load_file(file, dialect, loaded);
    } else {
      load_file(p, dialect, loaded);
    }
  }
  return loaded;
}

}  // namespace drivemock::scenario
