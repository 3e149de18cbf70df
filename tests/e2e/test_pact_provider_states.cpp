// POST /__admin/pact/provider-states: Pact's state-change URL, as any Pact
// verifier calls it (the Rust `pact verifier --state-change-url`, pact-jvm,
// pact-python), in its body and query forms; and what a careless or hostile
// caller gets instead of a state: a clear 400, a 401 without the token.
#include "e2e/server_fixture.h"
#include "e2e/session_helpers.h"

using namespace drivemock;
using namespace drivemock::testing;
using namespace drivemock::testing::sessions;

namespace {

const char* kStatesScript = R"(directories:
  d1:
    trash:
      - when: {state: trashed}
        respond: {body: {status: error, code: dir_already_trashed}}
      - when: {state: archived}
        respond: [{http: 503}, {body: {status: success, code: from_archive}}]
)";

const std::string kStatesPath = "/__admin/pact/provider-states";

std::string directory_state_of(const RunningServer& mock, const std::string& uuid,
                               const std::string& query = "") {
  return mock.admin_json("GET", "/__admin/directories/" + uuid + query)["state"].GetString();
}

std::string state_refusal(const RunningServer& mock, const std::string& path,
                          const std::string& body) {
  auto r = mock.admin("POST", path, body);
  REQUIRE(r);
  CHECK(r->status == 400);
  CHECK(code_of(r) == "invalid_params");
  return r->body;
}

}  // namespace

TEST_CASE("a verifier's state change puts the uuid in the pact's state, as a fresh run finds it") {
  RunningServer mock(kStatesScript);
  mock.admin_json(
      "POST", kStatesPath,
      R"({"state":"a directory in a state","params":{"uuid":"d1","directoryState":"trashed"},"action":"setup"})");
  CHECK(directory_state_of(mock, "d1") == "trashed");
  CHECK(code_of(mock.trash("d1")) == "dir_already_trashed");
  // Pacts written before named the param `state`: still read in the body form.
  mock.admin_json(
      "POST", kStatesPath,
      R"({"state":"a directory in a state","params":{"uuid":"d1","state":"archived"}})");
  CHECK(mock.trash("d1")->status == 503);
  // Set again: its sequence starts over, so a second verifier run sees the first's answers.
  mock.admin_json(
      "POST", kStatesPath,
      R"({"state":"a directory in a state","params":{"uuid":"d1","directoryState":"archived"}})");
  CHECK(mock.trash("d1")->status == 503);
  mock.admin_json("POST", kStatesPath, R"({"state":"a directory exists","params":{"uuid":"d1"}})");
  CHECK(directory_state_of(mock, "d1") == "active");
  mock.admin_json("POST", kStatesPath,
                  R"({"state":"a directory is trashed","params":{"uuid":"u9"}})");
  CHECK(directory_state_of(mock, "u9") == "trashed");
  // A consumer's own state name, with the uuid: the uuid's state is the name,
  // as a pact served as scenarios reads it.
  mock.admin_json("POST", kStatesPath, R"({"state":"archived","params":{"uuid":"d1"}})");
  CHECK(directory_state_of(mock, "d1") == "archived");
}

TEST_CASE("the query form of a state change (--state-change-as-query) sets it the same way") {
  RunningServer mock(kStatesScript);
  mock.admin_json("POST", kStatesPath + "?state=a%20directory%20is%20trashed&action=setup&uuid=d1",
                  "");
  CHECK(directory_state_of(mock, "d1") == "trashed");
  mock.admin_json(
      "POST", kStatesPath + "?state=a%20directory%20in%20a%20state&uuid=d1&directoryState=archived",
      "");
  CHECK(directory_state_of(mock, "d1") == "archived");
}

TEST_CASE("a teardown changes nothing, for a state never set up too, nor does the state of none") {
  RunningServer mock(kStatesScript);
  // What verifiers send for an interaction with no provider state, in both forms.
  mock.admin_json("POST", kStatesPath, R"({"action":"setup","params":{},"state":""})");
  mock.admin_json("POST", kStatesPath + "?action=setup&state=", "");
  mock.admin_json("POST", kStatesPath,
                  R"({"state":"a directory is trashed","params":{"uuid":"d1"}})");
  mock.admin_json("POST", kStatesPath, R"({"state":"never set up","action":"teardown"})");
  mock.admin_json("POST", kStatesPath,
                  R"({"state":"a directory exists","params":{"uuid":"d1"},"action":"teardown"})");
  CHECK(directory_state_of(mock, "d1") == "trashed");
}

TEST_CASE("a state change in a session changes only that session's directory") {
  RunningServer mock(kStatesScript);
  auto a = open_session(mock, "a");
  mock.admin_json("POST", kStatesPath + "?session=" + a.id,
                  R"({"state":"a directory is trashed","params":{"uuid":"d1"}})");
  CHECK(directory_state_of(mock, "d1", "?session=" + a.id) == "trashed");
  CHECK(directory_state_of(mock, "d1") == "active");
  auto never = mock.admin("POST", kStatesPath + "?session=nope",
                          R"({"state":"a directory exists","params":{"uuid":"d1"}})");
  REQUIRE(never);
  CHECK(never->status == 404);
}

TEST_CASE(
    "a directory no scenario scripts is made by its provider state, where unknown uuids are "
    "rejected too") {
  RunningServer mock("unknown_uuids: reject\n");
  CHECK(code_of(mock.trash("u7")) == "folder_not_found");
  mock.admin_json("POST", kStatesPath, R"({"state":"a directory exists","params":{"uuid":"u7"}})");
  CHECK(code_of(mock.trash("u7")) == "dir_trashed");
  mock.admin_json("POST", kStatesPath,
                  R"({"state":"a directory is trashed","params":{"uuid":"u7"}})");
  CHECK(directory_state_of(mock, "u7") == "trashed");
  CHECK(code_of(mock.color("u7", "red")) == "dir_color_changed");
  // Only the names that make a directory make one: a scripted state still needs its uuid scripted.
  auto r = mock.admin(
      "POST", kStatesPath,
      R"({"state":"a directory in a state","params":{"uuid":"u8","directoryState":"x"}})");
  REQUIRE(r);
  CHECK(r->status == 404);
  CHECK(code_of(mock.trash("u8")) == "folder_not_found");
}

TEST_CASE("a consumer's own state name without a uuid sets every uuid the scenarios script in it") {
  // What a pact served as scenarios gives: rules for the consumer's state names.
  RunningServer mock(R"(directories:
  f1:
    trash:
      - when: {state: the folder is archived}
        respond: {body: {status: error, code: dir_archived}}
  f2:
    color:
      - when: {state: the folder is archived}
        respond: {body: {status: error, code: dir_archived}}
  f3:
    trash: {body: {status: success, code: dir_trashed}}
)");
  auto set = mock.admin_json("POST", kStatesPath, R"({"state":"the folder is archived"})");
  REQUIRE(set["uuids"].Size() == 2);
  CHECK(std::string(set["uuids"][0].GetString()) == "f1");
  CHECK(std::string(set["uuids"][1].GetString()) == "f2");
  CHECK(code_of(mock.trash("f1")) == "dir_archived");
  CHECK(directory_state_of(mock, "f2") == "the folder is archived");
  CHECK(directory_state_of(mock, "f3") == "active");
  // Again, as a second verifier run: the trash's success had moved f1 on.
  mock.admin_json("POST", kStatesPath, R"({"state":"the folder is archived"})");
  CHECK(code_of(mock.trash("f1")) == "dir_archived");
  // A name no scenario scripts, without a uuid: nothing to set, and said so.
  CHECK(state_refusal(mock, kStatesPath, R"({"state":"the folder is shared"})")
            .find("no scenario scripts a directory in that state") != std::string::npos);
  // drivemock's own names always need their uuid.
  CHECK(state_refusal(mock, kStatesPath, R"({"state":"a directory exists"})")
            .find("expected the param uuid") != std::string::npos);
}

TEST_CASE(
    "a state change that cannot be applied is a 400 saying what was expected, and changes "
    "nothing") {
  RunningServer mock(kStatesScript);
  CHECK(
      state_refusal(mock, kStatesPath, R"({"state":"the folder f1 exists"})").find("param uuid") !=
      std::string::npos);
  CHECK(state_refusal(mock, kStatesPath, R"({"params":{"uuid":"d1"}})")
            .find("No provider state named") != std::string::npos);
  CHECK(state_refusal(mock, kStatesPath, R"({"state":"a directory exists","params":{"uuid":7}})")
            .find("params.uuid must be a string, found number") != std::string::npos);
  CHECK(state_refusal(mock, kStatesPath, R"({"state":"a directory exists","params":["d1"]})")
            .find("'params' must be an object") != std::string::npos);
  CHECK(state_refusal(mock, kStatesPath,
                      R"({"state":"a directory in a state","params":{"uuid":"d1"}})")
            .find("needs the param directoryState") != std::string::npos);
  CHECK(state_refusal(mock, kStatesPath,
                      R"({"state":"a directory exists","params":{"uuid":"d1"},"action":"undo"})")
            .find("expected setup or teardown") != std::string::npos);
  CHECK(
      state_refusal(mock, kStatesPath, R"({"state":"x","parms":{}})").find("unknown key 'parms'") !=
      std::string::npos);
  CHECK(state_refusal(mock, kStatesPath, "[1]").find("Pact's state change") != std::string::npos);
  CHECK(state_refusal(mock, kStatesPath, "").find("No provider state named") != std::string::npos);
  state_refusal(
      mock, kStatesPath,
      R"({"state":"a directory exists","params":{"uuid":")" + std::string(2000, 'u') + R"("}})");
  CHECK(directory_state_of(mock, "d1") == "active");
}

TEST_CASE("state changes need the admin token, and another site's page cannot make them") {
  const std::string change = R"({"state":"a directory is trashed","params":{"uuid":"d1"}})";
  ServerOptions options;
  options.scenario_texts = {kStatesScript};
  options.admin_token = "t0ken";
  RunningServer guarded(std::move(options));
  auto anonymous = guarded.client().Post(kStatesPath.c_str(), change, "application/json");
  REQUIRE(anonymous);
  CHECK(anonymous->status == 401);
  auto with_token = guarded.client().Post(kStatesPath.c_str(), {{"Authorization", "Bearer t0ken"}},
                                          change, "application/json");
  REQUIRE(with_token);
  CHECK(with_token->status == 200);

  RunningServer open(kStatesScript);
  auto page = open.client().Post(
      kStatesPath.c_str(), {{"Origin", "https://evil.example"}, {"Sec-Fetch-Site", "cross-site"}},
      change, "text/plain");
  REQUIRE(page);
  CHECK(page->status == 403);
  CHECK(directory_state_of(open, "d1") == "active");
}
