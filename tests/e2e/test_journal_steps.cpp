// Each journal entry names the rule and the answer of it that served the
// call, "answer 2 of 3", with the rule's file and line (issue 76, part 4):
// what a QA person needs to tell which step of a sequence a 500 was.
#include <filesystem>
#include <fstream>

#include "e2e/server_fixture.h"
#include "temp_dir.h"

using namespace drivemock::testing;

namespace {

const char* kSequence = R"(name: steps
directories:
  d1:
    trash:
      - when: {state: trashed}
        respond: {http: 404}
      - respond:
          - {http: 503}
          - {http: 500}
          - {http: 200}
defaults:
  color: {http: 202}
)";

struct Step {
  int rule;
  int answer;
  int answers;
  std::string file;
  int line;
};

Step step_of(const rapidjson::Value& entry) {
  const auto& m = entry["matched"];
  return {m["rule"].IsNull() ? 0 : m["rule"].GetInt(), m["answer"].GetInt(), m["answers"].GetInt(),
          m["file"].GetString(), m["line"].GetInt()};
}

}  // namespace

TEST_CASE(
    "a sequence's calls are journaled as answer 1, 2 and 3 of 3, with the rule's file and line") {
  TempDir dir;
  std::string file = dir.file("steps.yaml");
  std::ofstream(file) << kSequence;
  drivemock::ServerOptions options;
  options.scenario_paths = {file};
  RunningServer mock(options);
  CHECK(mock.trash("d1")->status == 503);
  CHECK(mock.trash("d1")->status == 500);
  CHECK(mock.trash("d1")->status == 200);
  CHECK(mock.trash("d1")->status == 404);  // trashed now: the first rule
  CHECK(mock.color("d2", "red")->status == 202);
  auto journal = mock.requests();  // newest first
  const auto& entries = journal["requests"];
  REQUIRE(entries.Size() == 5);
  auto first = step_of(entries[4]);
  CHECK(first.rule == 2);
  CHECK(first.answer == 1);
  CHECK(first.answers == 3);
  CHECK(first.file == file);
  CHECK(first.line == 7);
  CHECK(step_of(entries[3]).answer == 2);
  CHECK(step_of(entries[2]).answer == 3);
  auto trashed = step_of(entries[1]);
  CHECK(trashed.rule == 1);
  CHECK(trashed.answer == 1);
  CHECK(trashed.answers == 1);
  CHECK(trashed.line == 5);
  auto by_default = step_of(entries[0]);
  CHECK(by_default.rule == 0);  // null: defaults
  CHECK(by_default.file == file);
  CHECK(by_default.line == 12);
}

TEST_CASE("a pushed set's rule is journaled with its file as pushed and its line in the push") {
  RunningServer mock;
  mock.admin_json("POST", "/__admin/scenarios",
                  "name: p\ndirectories:\n  d9:\n    trash: {one_of: [{http: 201}]}\n");
  CHECK(mock.trash("d9")->status == 201);
  auto step = step_of(mock.requests()["requests"][0]);
  CHECK(step.answer == 1);
  CHECK(step.answers == 1);
  CHECK(step.file == "pushed");
  CHECK(step.line == 4);
}
