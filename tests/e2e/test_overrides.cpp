// Per-test overrides over a baseline through the admin API (issue 26): a
// push shadows what a loaded file scripts while it is in force, says so, and
// a delete or reset brings the baseline back; and what a caller of the new
// inputs (a push's ?name=, an SDK's User-Agent) cannot do.
#include <string>

#include "e2e/server_fixture.h"

using namespace drivemock::testing;

namespace {

const char* const kBaseline =
    "name: baseline\ndirectories: {d1: {trash: {http: 500}, color: {http: 501}}}";

}  // namespace

TEST_CASE("a push shadows the baseline's script of a uuid and operation until it is deleted") {
  RunningServer mock(kBaseline);
  auto pushed = mock.admin_json("POST", "/__admin/scenarios?name=fix",
                                "directories: {d1: {trash: {http: 200}}}");
  CHECK(std::string(pushed["name"].GetString()) == "fix");
  REQUIRE(pushed["warnings"].Size() == 1);
  CHECK(std::string(pushed["warnings"][0].GetString()) ==
        "pushed: warning: directory 'd1' operation trash: pushed set 'fix' shadows set 'baseline' "
        "(inline) while it is in force; deleting 'fix' or a reset (POST /__admin/reset; in a "
        "session, the session's) brings that back");
  CHECK(mock.trash("d1")->status == 200);
  CHECK(mock.color("d1", "red")->status == 501);  // only trash is shadowed
  auto listed = mock.admin_json("GET", "/__admin/scenarios");
  const auto& fix = listed["scenarios"][1];
  REQUIRE(fix["shadows"].Size() == 1);
  CHECK(std::string(fix["shadows"][0]["set"].GetString()) == "baseline");
  CHECK(std::string(fix["shadows"][0]["operation"].GetString()) == "trash");
  CHECK(std::string(listed["scenarios"][0]["shadowedBy"][0]["set"].GetString()) == "fix");
  mock.admin_json("DELETE", "/__admin/scenarios/fix");
  CHECK(mock.trash("d1")->status == 500);
  mock.admin_json("POST", "/__admin/scenarios", "directories: {d1: {trash: {http: 202}}}");
  CHECK(mock.trash("d1")->status == 202);
  mock.admin_json("POST", "/__admin/reset");
  CHECK(mock.trash("d1")->status == 500);
}

TEST_CASE("a dry run says what a push would shadow, and changes nothing") {
  RunningServer mock(kBaseline);
  auto dry = mock.admin_json("POST", "/__admin/scenarios?dry_run=true&name=fix",
                             "directories: {d1: {trash: {http: 200}}}");
  CHECK(dry["warnings"].Size() == 1);
  CHECK(mock.trash("d1")->status == 500);
}

TEST_CASE("a push's name cannot be empty, hold a slash, or contradict the document") {
  RunningServer mock(kBaseline);
  for (const char* bad : {"/__admin/scenarios?name=", "/__admin/scenarios?name=a%2Fb"}) {
    INFO(bad);
    auto refused = mock.admin("POST", bad, "directories: {}");
    REQUIRE(refused);
    CHECK(refused->status == 400);
    CHECK(refused->body.find("invalid_params") != std::string::npos);
  }
  auto twice = mock.admin("POST", "/__admin/scenarios?name=b", "name: a\ndirectories: {}");
  CHECK(twice->status == 400);
  CHECK(twice->body.find("names itself 'a' and the push 'b'") != std::string::npos);
  // A push cannot replace a file's set by a name it did not give: only by the set's own name.
  CHECK(mock.admin_json("GET", "/__admin/scenarios")["scenarios"].Size() == 1);
}

TEST_CASE("an SDK User-Agent of any length makes a dialect violation of bounded size") {
  RunningServer mock;
  std::string agent = "filen-sdk" + std::string(6000, 'x');
  REQUIRE(mock.client().Post("/v3/dir/trash", {{"User-Agent", agent}}, R"({"uuid":"d"})",
                             "application/json"));
  auto journal = mock.requests();
  std::string message = journal["requests"][0]["violations"][0]["message"].GetString();
  CHECK(message.size() < 400);
  CHECK(message.find("filen-sdkxxx") != std::string::npos);
}
