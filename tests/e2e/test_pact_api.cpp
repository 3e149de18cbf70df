// POST /__admin/pact over HTTP: the journal as a pact, per session; and what
// a hostile caller cannot get from it (another site's page, a caller without
// the token, a secret a client sent).
#include "e2e/server_fixture.h"
#include "e2e/session_helpers.h"

using namespace drivemock;
using namespace drivemock::testing;
using namespace drivemock::testing::sessions;

namespace {

const char* kScript = R"(directories:
  d1:
    trash:
      - when: {state: trashed}
        respond: {body: {status: error, code: dir_already_trashed}}
)";

rapidjson::Document pact(const RunningServer& mock, const std::string& body,
                         const std::string& query = "") {
  return mock.admin_json("POST", "/__admin/pact" + query, body);
}

std::vector<std::string> descriptions(const rapidjson::Document& pact) {
  std::vector<std::string> out;
  for (const auto& i : pact["interactions"].GetArray()) out.push_back(i["description"].GetString());
  return out;
}

const std::string kParties = R"({"consumer":"archiver","provider":"drive")";

}  // namespace

TEST_CASE("POST /__admin/pact writes the journal as a Pact v4 pact, a session's when asked") {
  RunningServer mock(kScript);
  mock.trash("d1");
  mock.trash("d1");
  mock.trash("d1");  // the same request in the same state, answered the same: once
  auto session = open_session(mock);
  trash(mock, session, "d2");
  auto whole = pact(mock, kParties + "}");
  CHECK(std::string(whole["consumer"]["name"].GetString()) == "archiver");
  CHECK(descriptions(whole) ==
        std::vector<std::string>{"trash d1 in state active: 200 dir_trashed",
                                 "trash d1 in state trashed: 200 dir_already_trashed",
                                 "trash d2 in state active: 200 dir_trashed"});
  // d2 is no scenario's: the provider must make it (an existing directory).
  const auto& d2 = whole["interactions"][2]["providerStates"][0];
  CHECK(std::string(d2["name"].GetString()) == "a directory exists");
  CHECK(std::string(d2["params"]["uuid"].GetString()) == "d2");
  auto in_body = pact(mock, kParties + R"(,"session":")" + session.id + "\"}");
  auto in_query = pact(mock, kParties + "}", "?session=" + session.id);
  CHECK(descriptions(in_body) ==
        std::vector<std::string>{"trash d2 in state active: 200 dir_trashed"});
  CHECK(descriptions(in_query) == descriptions(in_body));
}

TEST_CASE("a pact names its parties: a missing, empty or overlong name is a 400 naming it") {
  RunningServer mock;
  for (const std::string& body :
       {std::string(R"({"provider":"p"})"), std::string(R"({"consumer":"","provider":"p"})"),
        R"({"consumer":")" + std::string(201, 'c') + R"(","provider":"p"})"}) {
    auto res = mock.admin("POST", "/__admin/pact", body);
    REQUIRE(res);
    CHECK(res->status == 400);
    CHECK(res->body.find("Field 'consumer' must be a name") != std::string::npos);
  }
  auto not_json = mock.admin("POST", "/__admin/pact", "consumer=c");
  REQUIRE(not_json);
  CHECK(not_json->status == 400);
}

TEST_CASE("no secret a client sent reaches a pact, whatever header carried it") {
  ServerOptions options;
  options.scenario_texts = {kScript};
  options.redact_headers = {"X-Drive-Token"};
  RunningServer mock(std::move(options));
  httplib::Headers secrets = {{"Authorization", "Bearer s3cret-bearer"},
                              {"Cookie", "sid=s3cret-cookie"},
                              {"X-Api-Key", "s3cret-key"},
                              {"X-Drive-Token", "s3cret-token"}};
  REQUIRE(mock.client().Post("/v3/dir/trash", secrets, R"({"uuid":"d1"})", "application/json"));
  auto res = mock.admin("POST", "/__admin/pact", kParties + "}");
  REQUIRE(res);
  REQUIRE(res->status == 200);
  CHECK(res->body.find("s3cret") == std::string::npos);
  CHECK(res->body.find("***") == std::string::npos);
  CHECK(res->body.find("Authorization") == std::string::npos);
}

TEST_CASE("another site's page cannot read the journal as a pact, nor a caller without the token") {
  RunningServer open(kScript);
  open.trash("d1");
  auto page = open.client().Post(
      "/__admin/pact", {{"Origin", "https://evil.example"}, {"Sec-Fetch-Site", "cross-site"}},
      kParties + "}", "text/plain");
  REQUIRE(page);
  CHECK(page->status == 403);
  CHECK_FALSE(page->has_header("Access-Control-Allow-Origin"));
  CHECK(page->body.find("interactions") == std::string::npos);

  ServerOptions options;
  options.scenario_texts = {kScript};
  options.admin_token = "t0ken";
  RunningServer guarded(std::move(options));
  guarded.trash("d1");
  auto anonymous = guarded.admin("POST", "/__admin/pact", kParties + "}");
  REQUIRE(anonymous);
  CHECK(anonymous->status == 401);
  CHECK(anonymous->body.find("d1") == std::string::npos);
}

TEST_CASE("PUT state with restart starts the uuid's sequences over, and without it they go on") {
  RunningServer mock(R"(directories:
  d1:
    trash:
      respond: [{http: 503}, {http: 200, body: {status: success, code: second}}]
      then: active
)");
  mock.trash("d1");  // 503: the sequence moves to its second answer
  mock.admin_json("PUT", "/__admin/directories/d1/state", R"({"state":"active"})");
  CHECK(mock.trash("d1")->status == 200);
  mock.admin_json("PUT", "/__admin/directories/d1/state", R"({"state":"active","restart":true})");
  CHECK(mock.trash("d1")->status == 503);  // from the start again
  auto bad = mock.admin("PUT", "/__admin/directories/d1/state", R"({"state":"x","restart":"yes"})");
  REQUIRE(bad);
  CHECK(bad->status == 400);
}
