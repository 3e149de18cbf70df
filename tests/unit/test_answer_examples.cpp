// What the scenarios answer, as the OpenAPI document's examples
// (scenario/answer_examples.h): names Prism takes unquoted, the media type
// each is sent as, and the answers beside the scripts (limits, rejection).
#include <catch2/catch.hpp>
#include <set>

#include "scenario/answer_examples.h"
#include "scenario/loader.h"

using namespace drivemock;
using namespace drivemock::scenario;

namespace {

std::vector<interchange::AnswerExample> examples_of(const std::string& text) {
  auto parsed = parse_scenario(text, "a set, with commas.yaml", "a set, with commas");
  REQUIRE(!has_errors(parsed.diagnostics));
  std::vector<ScenarioSet> sets;
  sets.push_back(std::move(*parsed));
  auto catalog = build_catalog(std::move(sets));
  REQUIRE(catalog);
  return answer_examples(**catalog);
}

const interchange::AnswerExample* with_status(const std::vector<interchange::AnswerExample>& all,
                                              int status) {
  for (const auto& e : all) {
    if (e.status == status) return &e;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("answer examples: plain unique names, their media types, limits and rejection") {
  auto all = examples_of(R"(name: "a set, with commas"
unknown_uuids: reject
limits: [{calls: 1, per_ms: 1000, operation: trash}]
directories:
  "u 1,2":
    color:
      respond:
        - {http: 503, raw: Service Unavailable}
        - {body: {status: success, code: ok}}
    trash: {raw: '{"status":"success"}'}
)");
  std::set<std::string> names;
  for (const auto& e : all) {
    INFO(e.name);
    CHECK(e.name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                   "-_.") == std::string::npos);
    CHECK(names.insert(e.operation + " " + e.name).second);
  }
  const auto* unavailable = with_status(all, 503);
  REQUIRE(unavailable);
  CHECK(unavailable->name == "a_set__with_commas.u_1_2.rule-1.answer-1");
  CHECK(unavailable->media_type == "text/plain");  // raw text that is no JSON
  const auto* limited = with_status(all, 429);
  REQUIRE(limited);
  CHECK(limited->operation == "trash");
  CHECK(limited->body.find("too_many_requests") != std::string::npos);
  bool rejected = false;
  for (const auto& e : all) {
    if (e.name == "unknown-uuid-rejected") {
      rejected = true;
      CHECK(e.body.find("folder_not_found") != std::string::npos);
    }
    if (e.operation == "trash" && e.status == 200 && e.name != "unknown-uuid-rejected") {
      CHECK(e.media_type == "application/json");  // raw JSON text stays JSON
    }
  }
  CHECK(rejected);
}
