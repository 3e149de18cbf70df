#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "scenario/loader.h"
#include "temp_dir.h"

using namespace drivemock;
using namespace drivemock::scenario;
using drivemock::testing::TempDir;

namespace {

struct Parsed {
  std::optional<ScenarioSet> set;
  Diagnostics diagnostics;
};

Parsed parse(const std::string& yaml) {
  Parsed p;
  auto parsed = parse_scenario(yaml, "test.yaml", "test");
  p.set = std::move(parsed.value);
  p.diagnostics = std::move(parsed.diagnostics);
  return p;
}

/// The only error of a parse, formatted as users see it.
std::string only_error(const std::string& yaml) {
  auto p = parse(yaml);
  REQUIRE_FALSE(p.set);
  REQUIRE(p.diagnostics.size() == 1);
  return format_diagnostic(p.diagnostics[0]);
}

const std::vector<Rule>& rules(const ScenarioSet& set, const std::string& uuid,
                               const std::string& op) {
  return set.directories.at(uuid).operations.at(op);
}

/// Each case's YAML, put between `before` and `after`, gives only the error
/// expected (after "test.yaml:").
void check_errors(const std::string& before,
                  const std::vector<std::pair<std::string, std::string>>& cases,
                  const std::string& after) {
  for (const auto& [yaml, expected] : cases) {
    INFO(yaml);
    CHECK(only_error(before + yaml + after) == "test.yaml:" + expected);
  }
}

/// What a set says, in one line per answer: for comparing two reads.
std::string describe(const ScenarioSet& set) {
  std::string out;
  for (const auto& [uuid, script] : set.directories) {
    out += uuid + " state=" + script.initial_state.value_or("-") + "\n";
    for (const auto& [op, rules] : script.operations) {
      for (const auto& rule : rules) {
        out += "  " + op + " when=" + rule.when.state.value_or("-") +
               " then=" + rule.then.value_or("-") + (rule.cycle ? " cycle" : "") + "\n";
        for (const auto& a : rule.answers) {
          out += "    " + std::to_string(a.status) + " " + std::to_string(a.delay_ms) + " " +
                 std::string(a.body_text()) + "\n";
        }
      }
    }
  }
  return out;
}

/// A comment that makes a document big enough to be read an entry at a time.
std::string big_comment() {
  return "# " + std::string(kBigDocumentBytes, '.') + "\n";
}

}  // namespace

TEST_CASE("a big file in block style, read an entry at a time, reads as in flow style") {
  auto block = parse(big_comment() + R"(
directories:
  u1:
    state: active
    trash:
      - when: {state: trashed}
        respond: {http: 404, body: {status: error, code: gone}}
      - respond: [{http: 503, delay_ms: 20}, {body: {status: success}}]
        then: trashed
        cycle: true
  u2:
    color: {raw: "not json", http: 500}
  u3:
    color: {body: {n: 1}}
)");
  auto flow = parse(
      "directories: {u1: {state: active, trash: [{when: {state: trashed}, respond: {http: 404, "
      "body: {status: error, code: gone}}}, {respond: [{http: 503, delay_ms: 20}, {body: {status: "
      "success}}], then: trashed, cycle: true}]}, u2: {color: {raw: \"not json\", http: 500}}, "
      "u3: {color: {body: {n: 1}}}}");
  REQUIRE(block.set);
  REQUIRE(flow.set);
  CHECK(describe(*block.set) == describe(*flow.set));
}

TEST_CASE("a key given twice is an error at the repeat, in a big file's slices as in one read") {
  const std::string text = R"(
directories:
  u1:
    trash: {http: 500}
  u2:
    trash: {http: 500, http: 502}
  u1:
    color: {http: 500}
)";
  for (const std::string& doc : {text, big_comment() + text}) {
    auto p = parse(doc);
    CHECK_FALSE(p.set);
    int offset = doc.size() > text.size() ? 1 : 0;  // the comment's line
    std::vector<std::string> errors;
    for (const auto& d : p.diagnostics) errors.push_back(format_diagnostic(d));
    std::sort(errors.begin(), errors.end());
    CHECK(errors ==
          std::vector<std::string>{
              "test.yaml:" + std::to_string(6 + offset) +
                  ":24: error: the key 'http' is given twice in this mapping (first at line " +
                  std::to_string(6 + offset) +
                  ", column 13); expected each key once: a reader keeps one of the two",
              "test.yaml:" + std::to_string(7 + offset) +
                  ":3: error: the key 'u1' is given twice in this mapping (first at line " +
                  std::to_string(3 + offset) +
                  ", column 3); expected each key once: a reader keeps one of the two"});
  }
}

TEST_CASE("a big file's directories may script an operation that operations, below, adds") {
  auto p = parse(big_comment() + R"(
directories:
  lock-1:
    lock: {body: {status: success, acquired: true}}
operations:
  lock:
    path: /v3/user/lock
    fields: {uuid: string}
)");
  REQUIRE(p.set);
  CHECK(rules(*p.set, "lock-1", "lock").at(0).answers.at(0).body_text() ==
        R"({"status":"success","acquired":true})");
}

TEST_CASE("the example of the spec loads with its rules, sequences and states") {
  auto p = parse(R"(
name: trash-flow
unknown_uuids: reject
defaults:
  trash:
    body: {status: success, message: Moved., code: dir_trashed}
directories:
  "u1":
    state: active
    color:
      body: {status: success, message: Directory color changed., code: dir_color_changed}
    trash:
      - when: {state: trashed}
        respond: {body: {status: error, message: Already in trash., code: dir_already_trashed}}
      - respond:
          - {http: 503, body: {status: error, code: internal_error}, delay_ms: 200}
          - {body: {status: success, code: dir_trashed}}
        then: trashed
)");
  REQUIRE(p.set);
  CHECK(p.diagnostics.empty());
  CHECK(p.set->name == "trash-flow");
  CHECK(p.set->unknown_uuids == UnknownUuids::reject);
  CHECK(p.set->defaults.at("trash").at(0).answers.at(0).body_text() ==
        R"({"status":"success","message":"Moved.","code":"dir_trashed"})");
  CHECK(p.set->directories.at("u1").initial_state == "active");
  const auto& trash = rules(*p.set, "u1", "trash");
  REQUIRE(trash.size() == 2);
  CHECK(trash[0].when.state == "trashed");
  REQUIRE(trash[1].answers.size() == 2);
  CHECK(trash[1].answers[0].status == 503);
  CHECK(trash[1].answers[0].delay_ms == 200);
  CHECK(trash[1].then == "trashed");
  CHECK(rules(*p.set, "u1", "color").size() == 1);
}

TEST_CASE("the set is named after the file when it has no name") {
  auto p = parse("directories: {}");
  REQUIRE(p.set);
  CHECK(p.set->name == "test");
  CHECK(p.set->source == "test.yaml");
}

TEST_CASE("answers carry faults, raw text, headers and cycle") {
  auto p = parse(R"(
directories:
  u2:
    color:
      - when: {color: red}
        respond: {fault: reset}
      - respond:
          - {raw: 'not json', headers: {X-Trace: abc}}
          - {http: 500}
        cycle: true
)");
  REQUIRE(p.set);
  const auto& color = rules(*p.set, "u2", "color");
  CHECK(color[0].answers[0].fault == Fault::reset);
  CHECK(color[0].when.fields[0].expected_json == R"("red")");
  CHECK(color[1].answers[0].body_text() == "not json");
  CHECK(color[1].answers[0].header_list()[0].name == "X-Trace");
  CHECK(color[1].answers[1].body_text().empty());
  CHECK(color[1].cycle);
}

TEST_CASE("a single rule may be written without a list") {
  auto p = parse("directories: {u: {trash: {respond: [{http: 503}, {http: 200}], then: gone}}}");
  REQUIRE(p.set);
  CHECK(rules(*p.set, "u", "trash")[0].then == "gone");
}

TEST_CASE("YAML scalars are typed in bodies, quoted ones stay strings") {
  auto p = parse(
      R"(directories: {u: {color: {body: {status: true, n: 3, f: 1.5, z: ~, s: "404", data: [1, x],)"
      R"( big: 12345678, neg: -42, half: .5, off: FALSE, word: success, v: 1.2.3}}}})");
  REQUIRE(p.set);
  CHECK(rules(*p.set, "u", "color")[0].answers[0].body_text() ==
        R"({"status":true,"n":3,"f":1.5,"z":null,"s":"404","data":[1,"x"],)"
        R"("big":12345678,"neg":-42,"half":0.5,"off":false,"word":"success","v":"1.2.3"})");
}

TEST_CASE("when on a string field reads plain numbers as the strings clients send") {
  auto p = parse("directories: {u: {color: [{when: {color: 123456}, respond: {http: 200}}]}}");
  REQUIRE(p.set);
  CHECK(rules(*p.set, "u", "color")[0].when.fields[0].expected_json == R"("123456")");
}

TEST_CASE("a body that does not fit the contract's answer loads with a warning") {
  auto p = parse("directories:\n  u:\n    trash:\n      body: {status: false, code: x}\n");
  REQUIRE(p.set);
  REQUIRE(p.diagnostics.size() == 1);
  CHECK(p.diagnostics[0].severity == Severity::warning);
  CHECK(format_diagnostic(p.diagnostics[0]).starts_with("test.yaml:4:13: warning: Field 'status'"));
}

TEST_CASE("loading errors name file, line, column and what was expected") {
  SECTION("invalid YAML") {
    CHECK(only_error("directories: {u: [}").starts_with("test.yaml:1:"));
    CHECK(only_error("directories: {u: [}").find("invalid YAML") != std::string::npos);
  }
  SECTION("operations as a list, not a mapping (a fuzzer's crash)") {
    auto p = parse("operations:\n - when: {}\ndirectories: {}");
    REQUIRE(p.diagnostics.size() == 1);
    CHECK(format_diagnostic(p.diagnostics[0]) ==
          "test.yaml:2:2: error: expected `operations`: a mapping of name to definition, found a "
          "list");
  }
  SECTION("an operation named by a null key (a fuzzer's crash) loads or says why") {
    auto p = parse(
        "operations:\n  null:\n    path: /v3/user/lock\n    fields: {uuid: string}\n"
        "    answer: {body: {status: success}}\ndirectories: {}");
    CHECK((p.set || has_errors(p.diagnostics)));
  }
  SECTION("unknown top-level key") {
    CHECK(only_error("name: x\ndirectorys: {}") ==
          "test.yaml:2:1: error: unknown key 'directorys' in a scenario set; expected one of: "
          "name, unknown_uuids, operations, defaults, directories, limits");
  }
  SECTION("unknown key in a directory") {
    CHECK(only_error("directories:\n  u:\n    trsh: {http: 200}") ==
          "test.yaml:3:5: error: unknown key 'trsh' in directory 'u'; expected state or an "
          "operation: color, trash");
  }
  SECTION("unknown key in an answer") {
    CHECK(only_error("directories:\n  u:\n    trash: {bdy: {}}") ==
          "test.yaml:3:13: error: unknown key 'bdy' in an answer; expected one of: http, body, "
          "raw, headers, delay_ms, dribble, fault, template");
  }
  SECTION("unknown key in a rule") {
    CHECK(only_error("directories:\n  u:\n    trash:\n      - {respond: {}, than: x}") ==
          "test.yaml:4:23: error: unknown key 'than' in a rule; expected one of: when, respond, "
          "then, cycle");
  }
  SECTION("wrong type") {
    CHECK(only_error("directories:\n  u:\n    trash: {http: abc}") ==
          "test.yaml:3:19: error: expected an HTTP status from 100 to 599, found 'abc'");
    CHECK(only_error("directories: [a, b]") ==
          "test.yaml:1:14: error: expected a mapping of directory uuid to its script, found a "
          "list");
    CHECK(only_error("directories:\n  u:\n    trash: {delay_ms: -1}").find("delay_ms from 0") !=
          std::string::npos);
    CHECK(
        only_error("directories:\n  u:\n    trash: {body: [1]}").find("expected a body mapping") !=
        std::string::npos);
  }
  SECTION("unknown fault") {
    CHECK(only_error("directories:\n  u:\n    trash: {fault: explode}") ==
          "test.yaml:3:20: error: unknown fault 'explode'; expected one of: reset, empty, "
          "malformed, hang");
  }
  SECTION("unknown_uuids must be accept or reject") {
    CHECK(only_error("unknown_uuids: maybe").find("expected accept or reject") !=
          std::string::npos);
  }
  SECTION("a when field the operation does not have") {
    CHECK(only_error("directories:\n  u:\n    trash: [{when: {color: red}, respond: {}}]")
              .find("unknown key 'color' in when of trash; expected state or a body field of "
                    "trash: uuid") != std::string::npos);
  }
  SECTION("a rule without respond") {
    CHECK(only_error("directories:\n  u:\n    trash: [{when: {state: x}}]")
              .find("a rule needs `respond`") != std::string::npos);
  }
  SECTION("a misspelt respond in a rule list names the key, as in one rule or a push") {
    std::string error = only_error(
        "directories:\n  u:\n    trash:\n      - when: {state: x}\n        respnd: {http: 503}");
    CHECK(error.find("test.yaml:5:9: error: unknown key 'respnd' in a rule; expected one of: when, "
                     "respond, then, cycle") != std::string::npos);
  }
  SECTION("a list of answers under an operation is shown the rule that makes it a sequence") {
    std::string error = only_error(
        "directories:\n  u:\n    trash:\n      - {http: 503}\n      - {body: {status: success}}");
    CHECK(
        error.starts_with("test.yaml:4:7: error: these list items are answers, but a list under "
                          "an operation is a list of rules"));
    CHECK(error.find("`- respond: [answer, answer, ...]`") != std::string::npos);
  }
  SECTION("a list item that is an answer beside a rule still says what a rule needs") {
    CHECK(only_error("directories:\n  u:\n    trash: [{http: 503}, {respond: {http: 200}}]")
              .find("a rule needs `respond`") != std::string::npos);
  }
  SECTION("body and raw together") {
    CHECK(only_error("directories: {u: {trash: {body: {}, raw: x}}}").find("either body or raw") !=
          std::string::npos);
  }
  SECTION("a header value with a line break") {
    CHECK(only_error("directories: {u: {trash: {headers: {X-A: \"a\\r\\nB: c\"}}}}")
              .find("line break") != std::string::npos);
  }
  SECTION("an unknown operation in defaults") {
    CHECK(only_error("defaults: {move: {http: 200}}").find("unknown operation 'move'") !=
          std::string::npos);
  }
  SECTION("an empty document") {
    CHECK(only_error("").find("expected a mapping") != std::string::npos);
  }
}

TEST_CASE("all errors of a file are reported together") {
  auto p = parse("directories:\n  a: {trash: {fault: x}}\n  b: {color: {http: 9999}}\n");
  CHECK_FALSE(p.set);
  CHECK(p.diagnostics.size() == 2);
}

TEST_CASE("a directory is loaded in name order, yaml and yml only") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("drivemock-loader-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "b.yml") << "name: second\n";
  std::ofstream(dir / "a.yaml") << "name: first\n";
  std::ofstream(dir / "c.txt") << "not: loaded\n";
  auto [sets, diagnostics] = load_scenario_paths({dir.string()});
  fs::remove_all(dir);
  CHECK(diagnostics.empty());
  REQUIRE(sets->size() == 2);
  CHECK((*sets)[0].name == "first");
  CHECK((*sets)[1].name == "second");
}

TEST_CASE("a JSON document over 32 MiB (a pact handed over) is refused before it is parsed") {
  TempDir dir;
  std::string file = dir.file("huge-pact.json");
  {
    std::ofstream out(file);
    out << R"({"consumer":{"name":"c"},"provider":{"name":"p"},"interactions":[)";
    std::string interaction =
        R"({"description":"x","request":{"method":"POST","path":"/v3/dir/trash"},"response":{"status":200}},)";
    for (size_t written = 0; written < (size_t{33} << 20); written += interaction.size())
      out << interaction;
    out << R"({}]})";
  }
  auto [sets, diagnostics] = load_scenario_paths({file});
  CHECK(sets->empty());
  REQUIRE(diagnostics.size() == 1);
  CHECK(format_diagnostic(diagnostics[0]) ==
        file +
            ":1:1: error: a JSON document (a pact, or a set written as JSON) of 33 MiB; drivemock "
            "reads at most 32 MiB of one (its parse holds tens of times a document's size): "
            "split it (a pact per consumer and provider) or write the set as YAML");
}

TEST_CASE("a missing file is an error that names it") {
  auto [sets, diagnostics] = load_scenario_paths({"/nonexistent/x.yaml"});
  CHECK(sets->empty());
  REQUIRE(diagnostics.size() == 1);
  CHECK(format_diagnostic(diagnostics[0]).starts_with("/nonexistent/x.yaml: error: cannot read"));
}

TEST_CASE("an empty document is an error at its start") {
  auto [set, d] = parse_scenario("", "empty.yaml", "empty");
  CHECK_FALSE(set);
  REQUIRE(d.size() == 1);
  CHECK(d[0].line == 1);
  CHECK(d[0].column == 1);
  CHECK(d[0].message.find("found nothing") != std::string::npos);
}

TEST_CASE("a change yields to requests only when it is big and may") {
  const std::string small = "name: small\n";
  const std::string big = big_comment() + "name: big\n";
  CHECK(load_priority(small, Priority::background) == Priority::normal);
  CHECK(load_priority(big, Priority::background) == Priority::background);
  CHECK(load_priority(big, Priority::normal) == Priority::normal);

  // Files and directories count by their size on disk, all together, and
  // inline texts by theirs.
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("drivemock-priority-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string half = "# " + std::string(kBigDocumentBytes / 2, '.') + "\n";
  std::ofstream(dir / "a.yaml") << half;
  const std::string one_file = (dir / "a.yaml").string();
  CHECK(load_priority({one_file}, {}, Priority::background) == Priority::normal);
  CHECK(load_priority({one_file}, {half}, Priority::background) == Priority::background);
  std::ofstream(dir / "b.yaml") << half;
  CHECK(load_priority({dir.string()}, {}, Priority::background) == Priority::background);
  CHECK(load_priority({dir.string()}, {}, Priority::normal) == Priority::normal);
  fs::remove_all(dir);
}

TEST_CASE("one_of gives a rule weighted answers, weight 1 when none is given") {
  auto p = parse(R"(
directories:
  u:
    trash:
      - when: {state: active}
        respond:
          one_of:
            - {http: 503, weight: 0.25}
            - {body: {status: success}}
        then: trashed
    color: {one_of: [{http: 500, weight: 2}, {http: 200, weight: 0}]}
)");
  REQUIRE(p.set);
  CHECK(p.diagnostics.empty());
  const Rule& trash = rules(*p.set, "u", "trash").at(0);
  REQUIRE(trash.answers.size() == 2);
  CHECK(trash.answers[0].status == 503);
  CHECK(trash.weights == std::vector<double>{0.25, 1});
  CHECK(trash.then == "trashed");
  // The short form: an operation's value that is a one_of is a rule without conditions.
  const auto& color = rules(*p.set, "u", "color");
  REQUIRE(color.size() == 1);
  CHECK(color[0].weights == std::vector<double>{2, 0});
  CHECK(color[0].answers[1].status == 200);
}

TEST_CASE("dribble sends an answer's body in pieces over a time") {
  auto p =
      parse("directories:\n  u:\n    trash: {body: {a: 1}, dribble: {chunks: 4, over_ms: 2000}}\n");
  REQUIRE(p.set);
  const Reply& answer = rules(*p.set, "u", "trash")[0].answers[0];
  CHECK(answer.dribble.chunks == 4);
  CHECK(answer.dribble.over_ms == 2000);
}

TEST_CASE("a plain sequence has no weights") {
  auto p = parse("directories:\n  u:\n    trash: {respond: [{http: 503}, {http: 200}]}\n");
  REQUIRE(p.set);
  CHECK(rules(*p.set, "u", "trash")[0].weights.empty());
}

TEST_CASE("delay_ms may be drawn from a uniform or a lognormal distribution") {
  auto p = parse(R"(
directories:
  u:
    trash: {delay_ms: {uniform: [100, 250]}}
    color: {delay_ms: {lognormal: {median: 80, sigma: 0.4, max: 2000}}}
  v:
    trash: {delay_ms: {lognormal: {median: 5.5, sigma: 1}}}
    color: {delay_ms: 30}
)");
  REQUIRE(p.set);
  CHECK(p.diagnostics.empty());
  const auto& uniform = *rules(*p.set, "u", "trash")[0].answers[0].random_delay;
  CHECK(uniform.kind == DelayDistribution::Kind::uniform);
  CHECK(uniform.min_ms == 100);
  CHECK(uniform.max_ms == 250);
  const auto& lognormal = *rules(*p.set, "u", "color")[0].answers[0].random_delay;
  CHECK(lognormal.kind == DelayDistribution::Kind::lognormal);
  CHECK(lognormal.median_ms == 80);
  CHECK(lognormal.sigma == 0.4);
  CHECK(lognormal.max_ms == 2000);
  CHECK(rules(*p.set, "v", "trash")[0].answers[0].random_delay->max_ms == 600000);
  const Reply& fixed = rules(*p.set, "v", "color")[0].answers[0];
  CHECK(fixed.delay_ms == 30);
  CHECK_FALSE(fixed.random_delay);
}

TEST_CASE("one_of and random delays report what was expected, where") {
  // The value of `trash:`, and the error it gives.
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"{one_of: []}", "3:21: error: expected at least one answer in one_of"},
      {"{one_of: {http: 200}}",
       "3:21: error: expected a list of answers to pick from (one_of), found a mapping"},
      {"{one_of: [{http: 200, weight: 0}]}",
       "3:21: error: the weights of one_of add up to 0; give at least one answer a weight above 0"},
      {"{one_of: [{http: 200, weight: -1}]}",
       "3:42: error: expected a weight from 0 to 1e+09, found '-1'"},
      {"{one_of: [{http: 200, wieght: 2}]}",
       "3:34: error: unknown key 'wieght' in an answer of one_of; expected one of: http, body, "
       "raw, headers, delay_ms, dribble, fault, template, weight"},
      {"{respond: {one_of: [{http: 200}]}, cycle: true}",
       "3:54: error: cycle loops a sequence of answers; a one_of picks afresh on every call"},
      {"{http: 200, weight: 2}",
       "3:24: error: unknown key 'weight' in an answer; expected one of: http, body, raw, "
       "headers, delay_ms, dribble, fault, template"},
      {"{dribble: {chunks: 3}}",
       "3:22: error: dribble needs chunks (how many pieces) and over_ms (over how long)"},
      {"{dribble: {chunks: 0, over_ms: 10}}",
       "3:31: error: expected chunks from 1 to 100000, found '0'"},
      {"{dribble: 5}", "3:22: error: expected {chunks: N, over_ms: T} (dribble), found a scalar"},
      {"{delay_ms: {uniform: [300, 100]}}",
       "3:33: error: uniform delay from 300 to 100 ms: MIN must not be above MAX"},
      {"{delay_ms: {uniform: [1, 2, 3]}}",
       "3:33: error: expected [MIN, MAX] in milliseconds, found a list of 3"},
      {"{delay_ms: {uniform: [0, 700000]}}",
       "3:37: error: expected the most delay_ms from 0 to 600000, found '700000'"},
      {"{delay_ms: {lognormal: {median: 10}}}",
       "3:35: error: a lognormal delay needs median (ms) and sigma; max (ms) is optional"},
      {"{delay_ms: {lognormal: {median: 10, sigma: -0.5}}}",
       "3:55: error: expected sigma from 0 to 10, found '-0.5'"},
      {"{delay_ms: {normal: [1, 2]}}",
       "3:24: error: unknown key 'normal' in a random delay; expected one of: uniform, lognormal"},
      {"{delay_ms: [1, 2]}",
       "3:23: error: delay_ms is milliseconds, {uniform: [MIN, MAX]} or {lognormal: {median: M, "
       "sigma: S, max: CAP}}; found a list"},
      {"{delay_ms: {uniform: [1, 2], lognormal: {median: 1, sigma: 1}}}",
       "3:23: error: a random delay is either {uniform: [MIN, MAX]} or {lognormal: {median: M, "
       "sigma: S, max: CAP}}"},
  };
  check_errors("directories:\n  u:\n    trash: ", cases, "\n");
}

TEST_CASE("limits are read in file order, numbered from 1, per: all unless told") {
  auto p = parse(R"(
limits:
  - {calls: 100, per_ms: 1000}
  - {calls: 2, per_ms: 60000, operation: trash, uuid: slow, per: uuid}
directories: {}
)");
  REQUIRE(p.set);
  CHECK(p.diagnostics.empty());
  REQUIRE(p.set->limits.size() == 2);
  const Limit& all = p.set->limits[0];
  CHECK(all.calls == 100);
  CHECK(all.per_ms == 1000);
  CHECK_FALSE(all.operation);
  CHECK_FALSE(all.uuid);
  CHECK(all.per == Limit::Per::all);
  CHECK(all.index == 1);
  const Limit& one = p.set->limits[1];
  CHECK(one.operation == "trash");
  CHECK(one.uuid == "slow");
  CHECK(one.per == Limit::Per::uuid);
  CHECK(one.index == 2);
}

TEST_CASE("a bad limit says what was expected, where") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"{calls: 5}",
       "2:5: error: a rate limit needs calls (how many) and per_ms (in what window, ms)"},
      {"{calls: 0, per_ms: 10}", "2:13: error: expected calls from 1 to 1000000000, found '0'"},
      {"{calls: 1, per_ms: 10, operation: move}",
       "2:39: error: unknown operation 'move' in a rate limit; expected one of: color, trash"},
      {"{calls: 1, per_ms: 10, per: each}",
       "2:33: error: per is 'each'; expected uuid (each uuid counted on its own) or all (every "
       "call together)"},
      {"{calls: 1, per_ms: 10, every: 2}",
       "2:28: error: unknown key 'every' in a rate limit; expected one of: calls, per_ms, "
       "operation, uuid, per"},
  };
  check_errors("limits:\n  - ", cases, "\n");
  CHECK(only_error("limits: {calls: 1}\n") ==
        "test.yaml:1:9: error: expected a list of rate limits ({calls: N, per_ms: T, ...}), found "
        "a mapping");
}

TEST_CASE("template: true marks an answer to fill in, and without it braces stay as written") {
  auto p = parse(R"(
directories:
  u:
    color: {template: true, body: {message: "{{uuid}} is {{body.color}}"}}
    trash: {template: true, raw: "#{{calls}}"}
  v:
    trash: {body: {message: "{{uuid}}"}}
)");
  REQUIRE(p.set);
  CHECK(p.diagnostics.empty());
  CHECK(rules(*p.set, "u", "color")[0].answers[0].templated == Templated::json_body);
  CHECK(rules(*p.set, "u", "trash")[0].answers[0].templated == Templated::raw_body);
  CHECK(rules(*p.set, "v", "trash")[0].answers[0].templated == Templated::no);
}

TEST_CASE("a template's unknown names are load errors at the string that has them") {
  check_errors("directories:\n  u:\n    color: ",
               {{"{template: true, body: {a: {b: \"{{uid}}\"}}}",
                 "3:43: error: unknown template name 'uid'; expected uuid, operation, state, "
                 "calls, now or body.FIELD"},
                {"{template: true, raw: \"{{body.colour}}\"}",
                 "3:34: error: template names body field 'colour', which color requests do not "
                 "have; fields: uuid, color"},
                {"{template: true, headers: {X-A: \"{{now\"}}",
                 "3:44: error: a template's {{ is not closed with }}"}},
               "\n");
}
