// The drift check: a scenario's answers against what a recording shows the
// service answering, finding by finding, with the scenario's positions.
#include <catch2/catch.hpp>

#include "record/drift.h"
#include "record/scripted_answers.h"

using namespace drivemock;
using namespace drivemock::record;

namespace {

/// What the service answered, as a recording writes it.
const char* kRecording = R"(name: recording
operations:
  lock: {path: /v3/user/lock, fields: {uuid: string}, answer: {http: 418}}
defaults:
  lock: {body: {status: true, code: lock_acquired, data: {acquired: true}}}
directories:
  "d1":
    trash:
      respond:
        - {body: {status: true, message: Trashed., code: dir_trashed, data: {}}}
        - {body: {status: true, message: Trashed., code: dir_trashed, data: {}}}
  "gone":
    trash: {body: {status: false, message: Folder not found., code: folder_not_found, data: {}}}
)";

std::vector<std::string> findings_of(const std::string& scenario) {
  auto checked = check_drift(kRecording, "rec.yaml", {{"s.yaml", scenario}});
  REQUIRE(checked);
  std::vector<std::string> out;
  std::string text = drift_text(*checked);
  for (size_t at = 0, end; (end = text.find('\n', at)) != std::string::npos; at = end + 1) {
    out.push_back(text.substr(at, end - at));
  }
  return out;
}

}  // namespace

TEST_CASE("scripted answers are read with their operation and position, faults left out") {
  auto answers = scripted_answers(R"(operations:
  lock: {path: /v3/user/lock, fields: {uuid: string}, answer: {body: {status: true}}}
defaults:
  trash: {http: 503}
directories:
  d1:
    state: trashed
    color:
      - when: {color: red}
        respond: [{fault: reset}, {raw: '{"status":false}'}, {raw: 'not json'}]
      - respond: {one_of: [{body: {status: true}, weight: 2}]}
)",
                                  "s.yaml", Definitions::read);
  REQUIRE(answers);
  std::vector<std::string> seen;
  for (const auto& a : *answers) {
    seen.push_back(a.operation + " " + std::to_string(a.status) + " " + a.json.value_or("-") + " " +
                   std::to_string(a.line) + ":" + std::to_string(a.column));
  }
  CHECK(seen == std::vector<std::string>{
                    R"(lock 200 {"status":true} 2:63)",
                    "trash 503 - 4:10",
                    R"(color 200 {"status":false} 10:35)",
                    "color 200 - 10:62",
                    R"(color 200 {"status":true} 11:28)",
                });
  // A recording's definitions repeat what a scenario said, not the service.
  auto recorded = scripted_answers(kRecording, "rec.yaml", Definitions::skip);
  REQUIRE(recorded);
  CHECK(recorded->size() == 4);
}

TEST_CASE("drift: a status of another JSON type than the service's is an error") {
  CHECK(findings_of("directories: {x: {trash: {body: {status: success, message: M, code: "
                    "dir_trashed, data: {}}}}}") ==
        std::vector<std::string>{
            R"(s.yaml:1:26: error: trash answers status "success" (a string) where the )"
            R"(service's trash answers have status a boolean (3 of 3) [type_differs])"});
}

TEST_CASE("drift: a field the service always sends is missing: an error") {
  CHECK(findings_of("directories: {x: {trash: {body: {status: true, message: M, code: "
                    "dir_trashed}}}}") ==
        std::vector<std::string>{
            "s.yaml:1:26: error: trash lacks data, which the service sent in every trash answer "
            "with HTTP 200 (3 of 3) [field_missing]"});
}

TEST_CASE("drift: an HTTP status the service never gave is an error, a 5xx a note") {
  CHECK(findings_of("defaults: {trash: {http: 404, raw: gone}}") ==
        std::vector<std::string>{"s.yaml:1:19: error: trash answers HTTP 404, which the service "
                                 "never gave for trash (it gave 200 x3) [status_unseen]"});
  CHECK(findings_of("defaults: {trash: {http: 503, raw: busy}}") ==
        std::vector<std::string>{"s.yaml:1:19: note: trash answers HTTP 503, which the service "
                                 "never gave for trash (it gave 200 x3) [status_unseen]"});
}

TEST_CASE("drift: a code the service never sent is a note, and so is an operation never recorded") {
  auto findings = findings_of(R"(directories:
  x:
    trash: {body: {status: false, message: M, code: invalid_folder, data: {}}}
    color: {body: {status: true}}
    rename: {body: {status: true}}
)");
  CHECK(findings == std::vector<std::string>{
                        "s.yaml:3:12: note: trash answers code \"invalid_folder\", which the "
                        "service never sent for trash (it sent dir_trashed x2, folder_not_found "
                        "x1) [code_unseen]",
                        "s.yaml:4:12: note: color the recording has no answers of color: its "
                        "answers are not checked [not_recorded]",
                        "s.yaml:5:13: note: rename the recording has no answers of rename: its "
                        "answers are not checked [not_recorded]"});
  auto checked = check_drift(kRecording, "rec.yaml", {{"s.yaml", "directories: {x: {color: {}}}"}});
  REQUIRE(checked);
  CHECK_FALSE(has_drift_errors(*checked));
}

TEST_CASE("drift: an answer that matches the service's shape has no finding") {
  CHECK(findings_of(R"(directories:
  x:
    trash:
      - {body: {status: false, message: Folder not found., code: folder_not_found, data: {}}}
    lock: {body: {status: true, code: lock_acquired, data: {acquired: false}}}
)")
            .empty());
}

TEST_CASE("drift: findings as JSON for tools, with counts") {
  auto checked = check_drift(kRecording, "rec.yaml",
                             {{"s.yaml", "defaults: {trash: {body: {status: success}}}"}});
  REQUIRE(checked);
  std::string json = drift_json(*checked);
  CHECK(json.starts_with(R"({"findings":[{"level":"error","kind":"type_differs","file":"s.yaml",)"
                         R"("line":1,"column":19,"operation":"trash",)"
                         R"x("scenario":"status \"success\" (a string)","service":"a boolean",)x"
                         R"("count":3,"of":3,)"));
  CHECK(json.ends_with(R"(],"errors":4,"notes":0})"));  // type, and message, code, data missing
}

TEST_CASE(
    "drift: a recording or scenario that is no YAML drivemock reads is an error, not a crash") {
  auto aliased = check_drift("a: &x {}\nb: *x\n", "rec.yaml", {});
  CHECK_FALSE(aliased);
  REQUIRE_FALSE(aliased.diagnostics.empty());
  CHECK(format_diagnostic(aliased.diagnostics[0]).starts_with("rec.yaml:2:4: error: aliases"));
  std::string deep(5000, '[');
  CHECK_FALSE(check_drift(kRecording, "rec.yaml", {{"s.yaml", deep}}));
  // A scenario of sections of the wrong kind: nothing to check, no finding.
  auto odd = check_drift(kRecording, "rec.yaml",
                         {{"s.yaml", "directories: [1]\ndefaults: 3\noperations: {a: 1}\n"}});
  REQUIRE(odd);
  CHECK(odd->empty());
  // A recording that is not a mapping holds no answers: it is no recording.
  auto listed = check_drift("- 1\n- 2\n", "rec.yaml", {});
  CHECK_FALSE(listed);
}

TEST_CASE("drift: findings alike at many positions print once, with their count") {
  // A recording checked against another repeats one finding for every uuid.
  std::string scenario = "directories:\n";
  for (int i = 0; i < 6; ++i) {
    scenario +=
        "  u" + std::to_string(i) + ": {trash: {body: {status: \"success\", code: dir_trashed}}}\n";
  }
  auto checked = check_drift(kRecording, "rec.yaml", {{"s.yaml", scenario}});
  REQUIRE(checked);
  auto lines = findings_of(scenario);
  // A string status, no message, no data: three findings, six times.
  CHECK(checked->size() == 18);
  REQUIRE(lines.size() == 3);
  CHECK_THAT(lines[0], Catch::StartsWith("s.yaml:2:"));
  CHECK_THAT(lines[0], Catch::Contains("[type_differs] (6 answers alike; also at s.yaml:3:"));
  CHECK_THAT(lines[0], Catch::EndsWith(" and 2 more)"));
  CHECK(has_drift_errors(*checked));
}

TEST_CASE("drift: a file with no answers of the service is no recording") {
  for (const char* text :
       {"name: settings\nretries: 3\n", "port = 8080\nhost = localhost\n", "{}\n"}) {
    auto checked = check_drift(text, "wrong.ini", {{"s.yaml", "directories: {d1: {trash: {}}}"}});
    INFO(text);
    CHECK_FALSE(checked);
    REQUIRE_FALSE(checked.diagnostics.empty());
    const auto& d = checked.diagnostics.back();
    CHECK(d.file == "wrong.ini");
    CHECK_THAT(d.message, Catch::Contains("is no recording"));
  }
}
